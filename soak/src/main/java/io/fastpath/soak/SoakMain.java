package io.fastpath.soak;

import io.fastpath.CacheOptions;
import io.fastpath.CacheStats;
import io.fastpath.RedisClient;
import io.fastpath.RedisClientBuilder;
import io.fastpath.SentinelOptions;
import io.fastpath.TlsOptions;
import io.fastpath.testkit.RedisCluster;
import io.fastpath.testkit.SentinelDeployment;
import io.fastpath.testkit.TlsCertificates;
import io.fastpath.vertx.FastpathVertx;
import io.vertx.core.Vertx;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * The soak run (not part of CI; {@code scripts/soak}): mixed operations from many callers against a local
 * cluster of primaries with one replica each while {@link SoakChaos} kills, pauses, fails over and
 * migrates; prints the oracle's counters and each fault's recovery time, and exits 1 when a reply went to
 * the wrong caller, a future completed twice or never, or a read went back before an acknowledged write.
 *
 * <p>Options: {@code --ops 10000000 --callers 64 --blocking 16 --window 4 --primaries 3 --clients 2 --cache off
 * --quiet 4s --results bench-results}. {@code --clients 2} spreads every caller's commands over two clients at
 * random, so a write through one is read through the other; {@code --cache on} gives both the client-side cache
 * (a read through the other client then depends on the server's invalidation reaching it), {@code --cache bcast}
 * the same in BCAST mode with the prefix {@code soak:}. {@code --pubsub on} has each blocking caller publish to a
 * channel of its own and subscribe to it ({@link PubSubOracle}). {@code --topology sentinel} runs against a primary with two
 * replicas watched by three Sentinels instead of a cluster ({@link SentinelChaos}); {@code --hosted vertx} builds the
 * clients through fastpath-vertx, so their connections run on a Vert.x instance's event loops; {@code --tls on} gives
 * the cluster TLS ports ({@code tls-cluster yes}) and the clients connect, and follow redirects, over TLS.
 */
public final class SoakMain {

  /** A read through the other client may trail a write by the invalidation's trip; later than this is a defect. */
  static final Duration CROSS_CLIENT_SLACK = Duration.ofMillis(20);

  private SoakMain() {}

  public static void main(String[] arguments) throws Exception {
    Map<String, String> options = parse(arguments);
    long ops = Long.parseLong(options.getOrDefault("ops", "10000000"));
    int callers = Integer.parseInt(options.getOrDefault("callers", "64"));
    int window = Integer.parseInt(options.getOrDefault("window", "4"));
    int blocking = Integer.parseInt(options.getOrDefault("blocking", "16"));
    int clientCount = Integer.parseInt(options.getOrDefault("clients", "2"));
    String cacheMode = options.getOrDefault("cache", "off");
    CacheOptions cacheOptions = switch (cacheMode) {
      case "on" -> CacheOptions.maxBytes(64 << 20);
      case "bcast" -> CacheOptions.maxBytes(64 << 20).bcast("soak:"); // every key of the workload
      case "off" -> null;
      default -> throw new IllegalArgumentException("--cache takes on, bcast or off");
    };
    boolean cache = cacheOptions != null;
    if (clientCount < 1 || clientCount > 2 || blocking > callers) {
      throw new IllegalArgumentException("--clients takes 1 or 2, and --blocking at most --callers");
    }
    int primaries = Integer.parseInt(options.getOrDefault("primaries", "3"));
    Duration quiet = Duration.ofSeconds(Long.parseLong(options.getOrDefault("quiet", "4s").replace("s", "")));
    Path results = Path.of(options.getOrDefault("results", "bench-results"));
    Duration commandTimeout = Duration.ofSeconds(5);

    boolean pubSub = switch (options.getOrDefault("pubsub", "off")) {
      case "on" -> true;
      case "off" -> false;
      default -> throw new IllegalArgumentException("--pubsub takes on or off");
    };
    Vertx vertx = switch (options.getOrDefault("hosted", "none")) {
      case "vertx" -> Vertx.vertx(); // clients through fastpath-vertx: their connections on Vert.x's event loops
      case "none" -> null;
      default -> throw new IllegalArgumentException("--hosted takes none or vertx");
    };
    String topology = options.getOrDefault("topology", "cluster");
    if (!topology.equals("cluster") && !topology.equals("sentinel")) {
      throw new IllegalArgumentException("--topology takes cluster or sentinel");
    }
    TlsCertificates tls = switch (options.getOrDefault("tls", "off")) {
      case "on" -> TlsCertificates.generate(); // the cluster's nodes announce TLS ports (tls-cluster yes)
      case "off" -> null;
      default -> throw new IllegalArgumentException("--tls takes on or off");
    };
    if (tls != null && !topology.equals("cluster")) {
      throw new IllegalArgumentException("--tls on needs --topology cluster");
    }
    String started = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss"));
    System.out.println(topology.equals("cluster")
        ? "soak: starting a cluster of " + primaries + " primaries with one replica each"
        : "soak: starting a primary with two replicas watched by three Sentinels");
    List<RedisClient> clients = new ArrayList<>();
    try (AutoCloseable deployment = topology.equals("cluster")
        ? clusterBuilder(primaries, tls).start()
        : SentinelDeployment.builder().downAfter(SentinelChaos.DOWN_AFTER).failoverTimeout(Duration.ofMillis(3000)).start()) {
      for (int i = 0; i < clientCount; i++) {
        RedisClientBuilder builder = deployment instanceof RedisCluster cluster
            ? (tls == null ? RedisClient.builder().uri(cluster.primaries().get(0).uri())
                : RedisClient.builder().uri(cluster.primaries().get(0).tlsUri())
                    .tls(TlsOptions.builder().trustedCertificates(tls.caCertificate()).build()))
            : RedisClient.builder().sentinel(SentinelOptions.of(((SentinelDeployment) deployment).primaryName(),
                ((SentinelDeployment) deployment).sentinelAddresses()));
        builder.commandTimeout(commandTimeout);
        RedisClientBuilder configured = cache ? builder.clientSideCache(cacheOptions) : builder;
        clients.add(vertx == null ? configured.build()
            : FastpathVertx.shared(vertx, "soak-" + i, () -> configured).toCompletionStage().toCompletableFuture()
                .get(30, TimeUnit.SECONDS).client()); // its connections run on Vert.x's event loops
      }
      // A future still open this long after its deadline will never complete.
      long neverAfterMillis = commandTimeout.toMillis() + 30_000;
      SoakWorkload workload = new SoakWorkload(clients, callers, blocking, window, ops, neverAfterMillis,
          CROSS_CLIENT_SLACK.toNanos(), pubSub, deployment instanceof RedisCluster);
      ChaosLoop chaos = deployment instanceof RedisCluster cluster ? new ClusterChaos(cluster, workload, quiet, callers)
          : new SentinelChaos((SentinelDeployment) deployment, workload, quiet);
      long start = System.nanoTime();
      workload.start();
      Thread progress = progressPrinter(workload, start);
      chaos.run();
      workload.awaitFinished();
      long elapsedNanos = System.nanoTime() - start;
      progress.interrupt();
      Thread.sleep(1000); // any late second completion would show up in the counters now
      String against = (deployment instanceof RedisCluster ? primaries + " primaries + " + primaries + " replicas"
          : "a primary and two replicas watched by three Sentinels")
          + (vertx == null ? "" : ", the clients hosted on Vert.x's event loops (fastpath-vertx)")
          + (tls == null ? "" : ", every connection over TLS");
      String report = report(started, ops, callers, blocking, window, against, clients, cacheMode, workload, chaos,
          elapsedNanos);
      System.out.println();
      System.out.print(report);
      Files.createDirectories(results);
      Path file = results.resolve("soak-" + started.replace(' ', '-').replace(":", "") + ".md");
      Files.writeString(file, report);
      System.out.println("report written to " + file);
      boolean clean = workload.wrong.get() == 0 && workload.completedTwice.get() == 0
          && workload.neverCompleted.get() == 0 && workload.freshness.defects() == 0
          && (workload.pubSub == null || workload.pubSub.defects() == 0)
          && workload.completions.get() == workload.issued.get() - workload.neverCompleted.get();
      if (vertx == null) {
        clients.forEach(RedisClient::close);
      } else {
        vertx.close().toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS); // closes its shared clients
      }
      System.exit(clean ? 0 : 1);
    }
  }

  private static RedisCluster.Builder clusterBuilder(int primaries, TlsCertificates tls) {
    RedisCluster.Builder builder = RedisCluster.builder().primaries(primaries).replicasPerPrimary(1)
        .nodeTimeout(Duration.ofMillis(2000));
    return tls == null ? builder : builder.tls(tls.serverCertificate(), tls.serverKey(), tls.caCertificate());
  }

  private static Thread progressPrinter(SoakWorkload workload, long start) {
    Thread thread = new Thread(() -> {
      try {
        while (true) {
          Thread.sleep(10_000);
          double seconds = (System.nanoTime() - start) / 1e9;
          System.out.printf(Locale.ROOT, "soak: %.0f s, %,d ops issued (%,.0f ops/s), %,d failed, %,d wrong%n", seconds,
              workload.issued.get(), workload.issued.get() / seconds,
              workload.notSent.get() + workload.outcomeUnknown.get() + workload.timedOut.get(), workload.wrong.get());
        }
      } catch (InterruptedException done) {
        // The run ended.
      }
    }, "soak-progress");
    thread.setDaemon(true);
    thread.start();
    return thread;
  }

  static String report(String started, long ops, int callers, int blocking, int window, String against,
                       List<RedisClient> clients, String cacheMode, SoakWorkload workload, ChaosLoop chaos,
                       long elapsedNanos) {
    boolean cache = !cacheMode.equals("off");
    double seconds = elapsedNanos / 1e9;
    StringBuilder out = new StringBuilder();
    out.append(String.format(Locale.ROOT, "## Soak run of %s%n%n", started));
    out.append(String.format(Locale.ROOT, "%,d mixed operations (GET 40%%, SET 30%%, INCRBY 15%%, MGET of two slots 15%%) "
            + "from %d callers (%d blocking, the others with up to %d async commands in flight each) through %d "
            + "client%s%s, against %s, in %.0f s (%,.0f ops/s), with %d faults.%n%n",
        ops, callers, blocking, window, clients.size(), clients.size() == 1 ? "" : "s",
        cache ? " with the client-side cache" + (cacheMode.equals("bcast") ? " (BCAST mode)" : "") : "", against,
        seconds, workload.issued.get() / seconds,
        chaos.windows.size()));
    out.append("| oracle | count |\n| --- | ---: |\n");
    row(out, "operations issued", workload.issued.get());
    row(out, "succeeded with a correct reply", workload.succeeded.get());
    row(out, "**wrong replies** (another caller's value)", workload.wrong.get());
    row(out, "**futures completed twice**", workload.completedTwice.get());
    row(out, "**futures never completed** (deadline + 30 s)", workload.neverCompleted.get());
    row(out, "completions counted (must equal issued - never)", workload.completions.get());
    Freshness freshness = workload.freshness;
    row(out, "reads checked against an acknowledged write", freshness.readsChecked.get());
    row(out, "**stale reads, same client** (older than a write it acknowledged before the read)",
        freshness.staleSameClient.get());
    row(out, "**late stale reads, other client** (older than a write acknowledged "
        + CROSS_CLIENT_SLACK.toMillis() + " ms or more before the read)", freshness.lateStaleOtherClient.get());
    row(out, "stale reads, other client, within " + CROSS_CLIENT_SLACK.toMillis() + " ms of the write (invalidation in flight; "
        + "the latest " + freshness.longestWithinSlackNanos.get() / 1000 + " µs after it)", freshness.staleWithinSlack.get());
    row(out, "failed: never sent (`RedisNotSentException`)", workload.notSent.get());
    row(out, "failed: outcome unknown (`RedisOutcomeUnknownException`)", workload.outcomeUnknown.get());
    row(out, "failed: timed out (`RedisTimeoutException`)", workload.timedOut.get());
    row(out, "failed: backpressure", workload.backpressure.get());
    for (Map.Entry<String, java.util.concurrent.atomic.AtomicLong> other : new TreeMap<>(workload.otherFailures).entrySet()) {
      row(out, "failed: other, " + other.getKey(), other.getValue().get());
    }
    out.append("\n| # | fault | node | action ms | failed ops | ops > 250 ms | recovery ms |\n");
    out.append("| ---: | --- | --- | ---: | ---: | ---: | ---: |\n");
    int number = 1;
    for (FaultWindow fault : chaos.windows) {
      out.append(String.format(Locale.ROOT, "| %d | %s | %s | %,d | %,d | %,d | %,d |%n", number++, fault.fault,
          fault.target, fault.actionMillis(), fault.failed.get(), fault.slow.get(), fault.recoveryMillis()));
    }
    out.append("\nRecovery: from the fault's start to the end of the last failed or slower-than-250-ms operation "
        + "before the next fault (0: no operation was disturbed). Action: until the chaos loop's step returned "
        + "(kill: promotion, restart and a stable cluster or Sentinel deployment).\n");
    if (!workload.wrongExamples.isEmpty()) {
      out.append("\nWrong replies (first ").append(workload.wrongExamples.size()).append("):\n");
      workload.wrongExamples.forEach(example -> out.append("- ").append(example).append('\n'));
    }
    PubSubOracle pubSub = workload.pubSub;
    if (pubSub != null) {
      out.append(String.format(Locale.ROOT, "%nPub/sub (%d blocking callers, each publishing to its own channel and "
              + "subscribed to it): %,d messages published, %,d delivered; **%,d on the wrong channel, %,d twice, %,d out "
              + "of order**.%n", blocking, pubSub.published.get(), pubSub.delivered.get(), pubSub.wrongChannel.get(),
          pubSub.duplicated.get(), pubSub.reordered.get()));
      pubSub.examples.forEach(example -> out.append("- ").append(example).append('\n'));
    }
    if (!freshness.staleExamples.isEmpty()) {
      out.append("\nStale reads (first ").append(freshness.staleExamples.size()).append("):\n");
      freshness.staleExamples.forEach(example -> out.append("- ").append(example).append('\n'));
    }
    if (cache) {
      for (int i = 0; i < clients.size(); i++) {
        CacheStats stats = clients.get(i).cacheStats();
        out.append(String.format(Locale.ROOT, "%nClient %d's cache: %,d hits, %,d misses, %,d invalidations received.%n", i,
            stats.hits(), stats.misses(), stats.invalidationsReceived()));
      }
    }
    if (!chaos.actionFailures.isEmpty()) {
      out.append("\nChaos steps that failed:\n");
      chaos.actionFailures.forEach(failure -> out.append("- ").append(failure).append('\n'));
    }
    return out.toString();
  }

  private static void row(StringBuilder out, String label, long value) {
    out.append(String.format(Locale.ROOT, "| %s | %,d |%n", label, value));
  }

  private static Map<String, String> parse(String[] arguments) {
    Map<String, String> options = new TreeMap<>();
    for (int i = 0; i < arguments.length; i++) {
      if (!arguments[i].startsWith("--") || i + 1 >= arguments.length) {
        throw new IllegalArgumentException("usage: --ops N --callers N --blocking N --window N --topology cluster|sentinel --primaries N --clients 1|2 --cache on|bcast|off --pubsub on|off --hosted none|vertx --tls on|off --quiet 4s --results DIR");
      }
      options.put(arguments[i].substring(2), arguments[++i]);
    }
    return options;
  }
}
