package io.fastpath.benchmarks;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The run's settings, from system properties ({@code -Dbench.duration=10s}) overridden by
 * arguments ({@code --duration 10s}).
 *
 * <p>{@code --quick} switches to short durations and a smaller bulk count (about 5 minutes for
 * all clients); any explicit option still wins over it.
 */
public final class BenchOptions {
  /** Scenario k's modes: plain loop, executePipelined, 8 threads, multiSet. */
  public static final List<String> SPRING_MODES = List.of("loop", "pipelined", "threads", "multiset");

  public List<String> scenarios = List.of("a", "b", "c", "d", "e", "f");
  public List<String> clients = BenchClients.ALL;
  public Duration duration = Duration.ofSeconds(10);
  public Duration warmup = Duration.ofSeconds(5);
  public int bulkCount = 1_000_000;
  public int repeat = 1;
  /**
   * Caller threads of c and f (64: many callers sharing one client); a few (4) show light load, where
   * each caller's round trip counts more than the batching of many.
   */
  public int callers = 64;
  /** Virtual-thread caller counts of scenario v, one table row per client and count. */
  public List<Integer> virtualThreads = List.of(100, 1_000, 10_000);
  /** Fastpath connection counts to run as separate rows in a, c, d, f and k; empty runs its default once. */
  public List<Integer> fastpathConnections = List.of();
  /** Cluster sizes (primaries) for scenario f, each its own table within the one run. */
  public List<Integer> clusterNodes = List.of(6);
  /**
   * Total GETs per second of scenario f's open loop: about half of what the best peers reach in its
   * closed loop on the 2-core machine this was written on, so f2 shows latency under load, not a
   * saturated queue.
   */
  public double clusterRate = 25_000;
  /**
   * Metrics modes of c and f: {@code off} (the plain clients), {@code micrometer} (Fastpath's
   * MicrometerCommandListener beside Lettuce's MicrometerCommandLatencyRecorder), {@code otel} (Fastpath's
   * OpenTelemetry listener, every command a sampled span); each mode is its own row.
   */
  public List<String> metrics = List.of(BenchClients.METRICS_OFF);
  /** Scenario k's modes to run, in the scenario's own order whatever the order given; default all four. */
  public List<String> springModes = SPRING_MODES;
  /**
   * Scenario k's unmeasured pass before each factory's measured one: SETs per mode (at most {@code --count}). A
   * client with more code to compile is still warming after the default on a loaded 2-core machine.
   */
  public int springWarmUp = 50_000;
  public boolean quick;
  public String redisServer = "redis-server";
  public String redisBenchmark = "redis-benchmark";
  public String resultsDirectory = "bench-results";

  /** Reads system properties, then the arguments, applying {@code --quick} before the rest. */
  public static BenchOptions parse(String[] arguments) {
    List<String[]> pairs = new ArrayList<>();
    for (String name : List.of("scenarios", "clients", "duration", "warmup", "count", "repeat", "fastpath-connections",
        "callers", "virtual-threads", "cluster-nodes", "cluster-rate", "metrics", "spring-modes", "spring-warmup",
        "redis-server", "redis-benchmark", "results")) {
      String value = System.getProperty("bench." + name);
      if (value != null) {
        pairs.add(new String[] {name, value});
      }
    }
    BenchOptions options = new BenchOptions();
    boolean quick = Boolean.getBoolean("bench.quick");
    for (int i = 0; i < arguments.length; i++) {
      String argument = arguments[i];
      if (!argument.startsWith("--")) {
        throw new IllegalArgumentException("unexpected argument " + argument + "\n" + usage());
      }
      String name = argument.substring(2);
      if (name.equals("quick")) {
        quick = true;
      } else if (name.equals("help")) {
        System.out.println(usage());
        System.exit(0);
      } else if (name.contains("=")) {
        pairs.add(name.split("=", 2));
      } else if (i + 1 < arguments.length) {
        pairs.add(new String[] {name, arguments[++i]});
      } else {
        throw new IllegalArgumentException("missing value for " + argument + "\n" + usage());
      }
    }
    if (quick) {
      options.applyQuickProfile();
    }
    for (String[] pair : pairs) {
      options.set(pair[0], pair[1]);
    }
    return options;
  }

  private void applyQuickProfile() {
    quick = true;
    duration = Duration.ofSeconds(4);
    warmup = Duration.ofSeconds(2);
    bulkCount = 200_000;
  }

  private void set(String name, String value) {
    switch (name) {
      case "scenarios":
        scenarios = list(value);
        break;
      case "clients":
        clients = list(value);
        break;
      case "duration":
        duration = parseDuration(value);
        break;
      case "warmup":
        warmup = parseDuration(value);
        break;
      case "count":
        bulkCount = Integer.parseInt(value.replace("_", "").replace(",", ""));
        break;
      case "repeat":
        repeat = Integer.parseInt(value);
        break;
      case "callers":
        callers = Integer.parseInt(value);
        if (callers < 1) {
          throw new IllegalArgumentException("--callers must be at least 1, got " + value + "\n" + usage());
        }
        break;
      case "virtual-threads":
        virtualThreads = numbers(value.replace("_", ""));
        break;
      case "fastpath-connections":
        fastpathConnections = numbers(value);
        break;
      case "cluster-nodes":
        clusterNodes = numbers(value);
        break;
      case "cluster-rate":
        clusterRate = Double.parseDouble(value.replace("_", "").replace(",", ""));
        break;
      case "metrics":
        metrics = list(value);
        for (String mode : metrics) {
          if (!BenchClients.METRICS_MODES.contains(mode)) {
            throw new IllegalArgumentException("unknown metrics mode " + mode + "; known: "
                + String.join(",", BenchClients.METRICS_MODES) + "\n" + usage());
          }
        }
        break;
      case "spring-modes":
        springModes = list(value);
        for (String mode : springModes) {
          if (!SPRING_MODES.contains(mode)) {
            throw new IllegalArgumentException("unknown spring mode " + mode + "; known: "
                + String.join(",", SPRING_MODES) + "\n" + usage());
          }
        }
        break;
      case "spring-warmup":
        springWarmUp = Integer.parseInt(value.replace("_", "").replace(",", ""));
        break;
      case "redis-server":
        redisServer = value;
        break;
      case "redis-benchmark":
        redisBenchmark = value;
        break;
      case "results":
        resultsDirectory = value;
        break;
      default:
        throw new IllegalArgumentException("unknown option --" + name + "\n" + usage());
    }
  }

  private static List<String> list(String value) {
    return Arrays.stream(value.split(","))
        .map(String::trim)
        .map(s -> s.toLowerCase(Locale.ROOT))
        .filter(s -> !s.isEmpty())
        .toList();
  }

  private static List<Integer> numbers(String value) {
    return list(value).stream().map(Integer::parseInt).toList();
  }

  /** Accepts 500ms, 10s, 2m, or a bare number of seconds. */
  static Duration parseDuration(String value) {
    String text = value.trim().toLowerCase(Locale.ROOT);
    if (text.endsWith("ms")) {
      return Duration.ofMillis(Long.parseLong(text.substring(0, text.length() - 2)));
    }
    if (text.endsWith("s")) {
      return Duration.ofMillis(Math.round(Double.parseDouble(text.substring(0, text.length() - 1)) * 1000));
    }
    if (text.endsWith("m")) {
      return Duration.ofSeconds(Long.parseLong(text.substring(0, text.length() - 1)) * 60);
    }
    return Duration.ofMillis(Math.round(Double.parseDouble(text) * 1000));
  }

  public static String usage() {
    return String.join("\n",
        "usage: BenchmarkMain [--quick] [--scenarios a,b,c,d,e,f,g,h,i,j,k,l,m,s,v] [--clients " + String.join(",", BenchClients.ALL) + "]",
        "                     (also: jedis-pool64, fastpath-nodetour: Fastpath with congestionDetour(false),",
        "                      fastpath-callerio: Fastpath with callerDrivenIo(true), its blocking callers drive the I/O,",
        "                      fastpath-unbounded: scenario g, Fastpath's cache without maxInvalidationDelay,",
        "                      fastpath-uncached: scenario g, Fastpath with no cache: what a miss costs against)",
        "                     [--duration 10s] [--warmup 5s] [--count 1000000] [--repeat N]",
        "                     [--fastpath-connections 1,2,4,8] [--callers 64] [--virtual-threads 100,1000,10000] [--cluster-nodes 6,12] [--cluster-rate 25000]",
        "                     [--metrics off,micrometer,otel]  (c and f: one row per mode, Lettuce with Micrometer too)",
        "                     [--spring-modes loop,pipelined,threads,multiset]  (k: the modes to run, default all)",
        "                     [--spring-warmup 50000]  (k: SETs per mode of the unmeasured pass before each factory's)",
        "                     [--redis-server PATH] [--redis-benchmark PATH] [--results DIR]",
        "  a sequential SET/GET, b bulk SETs (async window and bulk mode), c 64 callers GET,",
        "  d 32 callers GET with and without a 5 MB reader, e redis-benchmark baseline,",
        "  f 64 callers GET against a local cluster, closed loop and open loop at --cluster-rate,",
        "  g client-side caches (Fastpath, Lettuce, Redisson): GET latency by hit rate, staleness (not in the default list)",
        "  l b on a local cluster (--cluster-nodes): plain async and each peer's best bulk mode (not in the default list)",
        "  h a cluster primary killed under load (not in the default list; -Dbench.fullCoverage=true for the server default)",
        "  s a Sentinel-watched primary killed and gracefully failed over under 32 callers (not in the default list;",
        "    --clients fastpath,lettuce,jedis gives six rows; --repeat 10 for ten graceful failovers per row)",
        "  v virtual-thread callers, 90% GET / 10% SET, pinned and starved threads counted (not in the default list;",
        "    needs JDK 21 or newer at run time: BENCH_JAVA=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java scripts/bench ...)",
        "  every option can also be given as -Dbench.NAME=VALUE (-Dbench.quick=true)");
  }

  public String describe() {
    return "scenarios=" + String.join(",", scenarios)
        + " clients=" + String.join(",", clients)
        + " duration=" + duration.toMillis() / 1000.0 + "s"
        + " warmup=" + warmup.toMillis() / 1000.0 + "s"
        + " count=" + bulkCount
        + " repeat=" + repeat
        + (callers == 64 ? "" : " callers=" + callers)
        + (scenarios.contains("v") ? " virtual-threads=" + virtualThreads.stream().map(String::valueOf)
            .collect(Collectors.joining(",")) : "")
        + (fastpathConnections.isEmpty() ? "" : " fastpath-connections=" + fastpathConnections.stream()
            .map(String::valueOf).collect(Collectors.joining(",")))
        + (scenarios.contains("f") || scenarios.contains("l") ? " cluster-nodes=" + clusterNodes.stream().map(String::valueOf)
            .collect(Collectors.joining(",")) + " cluster-rate=" + Math.round(clusterRate) : "")
        + (metrics.equals(List.of(BenchClients.METRICS_OFF)) ? "" : " metrics=" + String.join(",", metrics))
        + (springModes.equals(SPRING_MODES) ? "" : " spring-modes=" + String.join(",", springModes))
        + (springWarmUp == 50_000 ? "" : " spring-warmup=" + springWarmUp)
        + (quick ? " (quick profile)" : "");
  }
}
