package io.fastpath.benchmarks.cluster;

import io.fastpath.benchmarks.ClusterBenchClient;
import io.fastpath.benchmarks.BenchContext;
import io.fastpath.benchmarks.CallerLoop;
import io.fastpath.benchmarks.Format;
import io.fastpath.benchmarks.Keyspace;
import io.fastpath.benchmarks.LoopResult;
import io.fastpath.benchmarks.OpenLoop;
import io.fastpath.benchmarks.Row;
import io.fastpath.benchmarks.Scenario;
import io.fastpath.benchmarks.Table;
import io.fastpath.testkit.KeySlots;
import io.fastpath.testkit.RedisCluster;
import io.fastpath.testkit.RedisServer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * (h) A primary killed with SIGKILL under load: 3 primaries with one replica each, node timeout 2 s.
 * 64 callers GET keys of the two healthy shards at a fixed rate (latency from the scheduled time),
 * first for a window with every node up, then for a window in which the victim is killed; meanwhile
 * {@link KillProbe}'s threads GET keys of the victim's shard to see when it serves again.
 *
 * <p>The cluster runs with {@code cluster-require-full-coverage no} unless {@code -Dbench.fullCoverage=true}:
 * with the server default (yes) every node answers CLUSTERDOWN from the moment the victim is marked
 * failed until its replica is promoted, so the healthy shards stall too, whatever the client does.
 * A fresh cluster is started for every client, since the scenario destroys one.
 */
public final class PrimaryKillScenario implements Scenario {

  static final int PRIMARIES = 3;
  static final int CALLERS = 64;
  static final double HEALTHY_RATE = 10_000;
  static final int KEY_COUNT = 30_000;
  static final Duration NODE_TIMEOUT = Duration.ofSeconds(2);
  /** Long enough for failure detection (node timeout), the election and every client's recovery. */
  static final Duration AFTER_WINDOW = Duration.ofSeconds(12);
  static final Duration KILL_AFTER = Duration.ofMillis(500);

  private static final List<String> KEYS = Keyspace.keys("key:", KEY_COUNT);

  private final boolean requireFullCoverage = Boolean.getBoolean("bench.fullCoverage");

  @Override
  public String id() {
    return "h";
  }

  @Override
  public String title() {
    return "(h) Cluster primary killed under load: " + CALLERS + " callers on the healthy shards at "
        + Format.count(HEALTHY_RATE) + " GETs/s, probes on the victim's shard"
        + (requireFullCoverage ? " (cluster-require-full-coverage yes)" : "");
  }

  @Override
  public List<Row> runRound(BenchContext context, List<String> clients) {
    List<Row> results = new ArrayList<>();
    for (String name : ClusterBenchClients.rows(clients)) {
      if (name.equals(ClusterBenchClients.VERTX_POOLED_DEFAULTS)) {
        continue; // fails most GETs even with every node up (scenario f); nothing to learn here
      }
      BenchCluster cluster;
      try {
        System.out.println("  starting a cluster of " + PRIMARIES + " primaries with replicas for " + name);
        cluster = BenchCluster.startWithReplicas(PRIMARIES, NODE_TIMEOUT, requireFullCoverage);
      } catch (RuntimeException e) {
        context.note("cluster could not start: " + LoopResult.describe(e));
        results.add(new Row(name).text("error", "cluster could not start"));
        continue;
      }
      try (cluster) {
        cluster.flushAndPreload(KEYS, Keyspace.SMALL_VALUE_BYTES);
        String host = cluster.seed().host();
        int port = cluster.seed().port();
        results.add(context.withClient(name, () -> ClusterBenchClients.create(name, host, port),
            ClusterBenchClient::label, client -> measure(context, cluster.cluster(), client)));
      }
    }
    return results;
  }

  private static Row measure(BenchContext context, RedisCluster cluster, ClusterBenchClient client) {
    RedisServer victim = cluster.primaries().get(0);
    List<String> healthyKeys = new ArrayList<>();
    List<String> victimKeys = new ArrayList<>();
    for (String key : KEYS) {
      (cluster.nodeForSlot(KeySlots.slot(key)) == victim ? victimKeys : healthyKeys).add(key);
    }
    CallerLoop.Call healthyGet = (caller, iteration) -> {
      String key = healthyKeys.get(ThreadLocalRandom.current().nextInt(healthyKeys.size()));
      if (client.get(key) == null) {
        throw new IllegalStateException("GET " + key + " returned nil");
      }
    };
    CallerLoop.run(CALLERS, context.options().warmup, healthyGet);
    BenchContext.collectGarbage();
    OpenLoop.Result before = OpenLoop.run(CALLERS, context.options().duration, HEALTHY_RATE, healthyGet);

    KillProbe probe = KillProbe.start(cluster, victim, client, victimKeys, KILL_AFTER);
    OpenLoop.Result after = OpenLoop.run(CALLERS, AFTER_WINDOW, HEALTHY_RATE, healthyGet);
    KillProbe.Outcome outcome = probe.stop();

    Row row = new Row(client.label())
        .metric("before-p50", before.loop().percentileMicros(50))
        .metric("before-p99", before.loop().percentileMicros(99))
        .metric("after-p50", after.loop().percentileMicros(50))
        .metric("after-p99", after.loop().percentileMicros(99))
        .metric("after-p999", after.loop().percentileMicros(99.9))
        .metric("after-max", after.loop().latencyNanos().getMaxValue() / 1000.0)
        .metric("healthy-errors", before.loop().errors() + after.loop().errors() + after.unsent())
        .metric("victim-errors", outcome.failures())
        .metric("promoted-ms", outcome.promotedMillis())
        .metric("affected-ms", outcome.affectedMillis());
    if (after.loop().firstError() != null) {
      row.text("healthy-error", LoopResult.describe(after.loop().firstError()));
    }
    if (!outcome.recovered()) {
      row.text("victim-note", "not serving at the end of the window");
    }
    return row;
  }

  @Override
  public Table table(List<Row> rows, BenchContext context) {
    Table table = new Table(title(), List.of("client", "before p50 us", "before p99 us", "after p50 us",
        "after p99 us", "after p99.9 us", "after max us", "after/before p99", "healthy errors",
        "victim errors", "promoted after ms", "victim affected ms"));
    for (Row row : rows) {
      String healthyErrors = Format.count(row.metric("healthy-errors"))
          + (row.text("healthy-error").isEmpty() ? "" : " (" + row.text("healthy-error") + ")")
          + (row.text("error").isEmpty() ? "" : " (" + row.text("error") + ")");
      String affected = Format.count(row.metric("affected-ms"))
          + (row.text("victim-note").isEmpty() ? "" : " (" + row.text("victim-note") + ")");
      table.row(List.of(row.label(), Format.micros(row.metric("before-p50")),
          Format.micros(row.metric("before-p99")), Format.micros(row.metric("after-p50")),
          Format.micros(row.metric("after-p99")), Format.micros(row.metric("after-p999")),
          Format.micros(row.metric("after-max")), Format.ratio(row.metric("after-p99"), row.metric("before-p99")),
          healthyErrors, Format.count(row.metric("victim-errors")), Format.count(row.metric("promoted-ms")),
          affected));
    }
    return table
        .note("Healthy shards: GETs of random keys among the " + Format.count(KEY_COUNT) + " preloaded keys"
            + " that the two surviving shards own, " + Format.count(HEALTHY_RATE) + "/s from " + CALLERS
            + " callers, latency from the scheduled time. before: " + Format.window(context.options())
            + " after: " + AFTER_WINDOW.toSeconds() + " s starting " + KILL_AFTER.toMillis()
            + " ms before kill -9 of one primary; after/before p99 is the target's 2x bound.")
        .note("Victim shard: " + KillProbe.PROBERS + " threads GET its keys every "
            + KillProbe.PROBE_INTERVAL.toMillis() + " ms. promoted after: from the kill until its replica"
            + " reports role master (node timeout " + NODE_TIMEOUT.toMillis() + " ms). victim affected: from"
            + " the kill until the end of the last probe that failed or took over "
            + KillProbe.SLOW_PROBE.toMillis() + " ms.")
        .note(requireFullCoverage
            ? "cluster-require-full-coverage yes (server default): every node refuses commands with"
                + " CLUSTERDOWN between the failure report and the promotion, so healthy shards stall too."
            : "cluster-require-full-coverage no, so the healthy shards may serve while one shard has no"
                + " primary; -Dbench.fullCoverage=true runs it with the server default.");
  }
}
