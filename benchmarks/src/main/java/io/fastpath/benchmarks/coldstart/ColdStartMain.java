package io.fastpath.benchmarks.coldstart;

import io.fastpath.benchmarks.Environment;
import io.fastpath.benchmarks.Medians;
import io.fastpath.benchmarks.cluster.BenchCluster;
import io.fastpath.testkit.RedisServer;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.ToDoubleFunction;

/**
 * A JVM's first client (issue 31): starts a 32+32 cluster (or one server) with the testkit, then runs
 * {@link ColdStartProbe} in a fresh JVM per run, so every measured JVM is cold and only builds the client, and prints
 * each run and the medians, ranges and load averages. With several {@code --variant}s the runs alternate between
 * them (A B A B ...), so two builds of the client or two JVM options meet the same cluster at the same load.
 *
 * <p>{@code scripts/coldstart} builds the jars and runs this; its usage line lists the options.
 */
public final class ColdStartMain {

  static final String KEY = "coldstart:key";
  static final String VALUE = "coldstart-value";
  /** As scenario m: with 2 s, starved nodes at load 60 failed over while nothing was wrong. */
  private static final Duration NODE_TIMEOUT = Duration.ofSeconds(5);
  private static final long PROBE_TIMEOUT_SECONDS = 120;

  private ColdStartMain() {}

  public static void main(String[] args) throws IOException, InterruptedException {
    String topology = "cluster";
    int primaries = 32;
    int runs = 7;
    String classpath = System.getProperty("java.class.path");
    String jvmOptions = "";
    List<ProbeVariant> variants = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      String value = i + 1 < args.length ? args[i + 1] : "";
      switch (args[i]) {
        case "--topology" -> topology = value;
        case "--primaries" -> primaries = Integer.parseInt(value);
        case "--runs" -> runs = Integer.parseInt(value);
        case "--classpath" -> classpath = value;
        case "--jvm-options" -> jvmOptions = value;
        case "--variant" -> variants.add(ProbeVariant.parse(value));
        default -> throw new IllegalArgumentException("unknown option " + args[i] + "; options: --topology cluster|standalone"
            + " --primaries N --runs N --classpath CP --jvm-options 'OPTIONS' --variant 'label;classpath;options'");
      }
      i++;
    }
    if (variants.isEmpty()) {
      variants.add(ProbeVariant.parse("fastpath;" + classpath + ";" + jvmOptions));
    }
    System.out.println("cold start, " + topology + (topology.equals("cluster") ? " of " + primaries + " primaries + "
        + primaries + " replicas" : "") + ", " + runs + " runs per variant, " + Environment.cores() + " cores");
    Map<ProbeVariant, List<ProbeReport>> reports = new LinkedHashMap<>();
    variants.forEach(variant -> reports.put(variant, new ArrayList<>()));
    try (Target target = start(topology, primaries)) {
      System.out.println("load average (1, 5, 15 min) at the first probe: " + Environment.loadAverage());
      for (int run = 1; run <= runs; run++) {
        for (ProbeVariant variant : variants) {
          ProbeReport report = probe(variant, target.server());
          reports.get(variant).add(report);
          System.out.println("run " + run + " " + variant.label() + ": " + report.line().substring(ProbeReport.PREFIX.length())
              + "  (load " + Environment.loadAverage() + ")");
        }
      }
      System.out.println("load average (1, 5, 15 min) at the last probe: " + Environment.loadAverage());
    }
    System.out.println();
    System.out.println("| variant | runs | first reply ms, median (min-max) | build() ms | JVM start to build() ms |");
    System.out.println("| --- | ---: | ---: | ---: | ---: |");
    reports.forEach((variant, measured) -> System.out.println("| " + variant.label() + " | " + measured.size()
        + " | " + spread(measured, ProbeReport::firstReplyMillis) + " | " + spread(measured, ProbeReport::buildMillis)
        + " | " + spread(measured, ProbeReport::jvmToBuildMillis) + " |"));
  }

  /** The median of {@code measured}'s figure, with its smallest and largest in parentheses. */
  static String spread(List<ProbeReport> measured, ToDoubleFunction<ProbeReport> figure) {
    double[] values = measured.stream().mapToDouble(figure).sorted().toArray();
    return String.format(Locale.ROOT, "%,.0f (%,.0f-%,.0f)", Medians.median(values), values[0], values[values.length - 1]);
  }

  /** Runs one fresh probe JVM against {@code server} and returns what it measured; fails when it printed no report. */
  private static ProbeReport probe(ProbeVariant variant, RedisServer server) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(variant.jvmOptions());
    command.addAll(List.of("-cp", variant.classpath(), ColdStartProbe.class.getName(), server.host(),
        Integer.toString(server.port()), KEY, VALUE));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    ProbeReport report = null;
    List<String> output = new ArrayList<>();
    try (BufferedReader lines = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      for (String line = lines.readLine(); line != null; line = lines.readLine()) {
        ProbeReport parsed = ProbeReport.parse(line);
        if (parsed != null) {
          report = parsed;
        } else {
          output.add(line);
        }
      }
    }
    if (!process.waitFor(PROBE_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new IllegalStateException("the probe JVM did not exit within " + PROBE_TIMEOUT_SECONDS + " s: " + output);
    }
    output.forEach(line -> System.out.println("  probe: " + line)); // a profiler's or the JVM's own lines
    if (report == null || process.exitValue() != 0) {
      throw new IllegalStateException("the probe JVM exited with " + process.exitValue() + " and no report: " + output);
    }
    return report;
  }

  private static Target start(String topology, int primaries) {
    if (topology.equals("standalone")) {
      RedisServer server = RedisServer.start();
      server.call("SET", KEY, VALUE);
      return new Target(server, server);
    }
    if (!topology.equals("cluster")) {
      throw new IllegalArgumentException("--topology is cluster or standalone, got: " + topology);
    }
    System.out.println("starting a cluster of " + primaries + " primaries with a replica each");
    BenchCluster cluster = BenchCluster.startWithReplicas(primaries, NODE_TIMEOUT, false);
    cluster.flushAndPreload(List.of(KEY), VALUE.getBytes(StandardCharsets.UTF_8));
    return new Target(cluster.seed(), cluster);
  }

  /** The server every probe is given, and what stops it (the server itself, or its whole cluster). */
  private record Target(RedisServer server, AutoCloseable owner) implements AutoCloseable {
    @Override
    public void close() {
      try {
        owner.close();
      } catch (Exception e) {
        throw new IllegalStateException("stopping the servers failed", e);
      }
    }
  }
}
