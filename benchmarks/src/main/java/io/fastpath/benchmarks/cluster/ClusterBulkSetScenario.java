package io.fastpath.benchmarks.cluster;

import io.fastpath.benchmarks.ClusterBulkClient;
import io.fastpath.benchmarks.BenchClients;
import io.fastpath.benchmarks.BenchContext;
import io.fastpath.benchmarks.BulkSets;
import io.fastpath.benchmarks.Format;
import io.fastpath.benchmarks.Keyspace;
import io.fastpath.benchmarks.LoopResult;
import io.fastpath.benchmarks.Row;
import io.fastpath.benchmarks.Scenario;
import io.fastpath.benchmarks.Table;
import java.util.ArrayList;
import java.util.List;

/**
 * (l) Scenario b on a local Redis Cluster: {@code --count} SETs of distinct keys through each plain
 * async API with a window in flight, then through each peer's best bulk mode in awaited batches. Every
 * client is given one node's address; the key count over all primaries is checked after each run.
 *
 * <p>The cluster is started once per round and stopped after it, as in scenario f.
 */
public final class ClusterBulkSetScenario implements Scenario {

  static final int WINDOW = 1_000;
  static final int BATCH_SIZE = 1_000;
  private static final List<String> MODES = List.of("async", "bulk");

  private final int primaries;
  private List<String> keys;
  private List<String> warmupKeys;

  public ClusterBulkSetScenario(int primaries) {
    this.primaries = primaries;
  }

  @Override
  public String id() {
    return "l";
  }

  @Override
  public String title() {
    return "(l) Bulk SETs on a cluster of " + primaries + " primaries: plain async API with a window of " + WINDOW
        + " in flight, and each client's best bulk mode";
  }

  @Override
  public List<Row> runRound(BenchContext context, List<String> clients) {
    int count = context.options().bulkCount;
    if (keys == null) {
      keys = Keyspace.keys("bulk:", count);
      warmupKeys = keys.subList(0, warmupCount(count));
    }
    List<String> rows = ClusterBulkClients.rows(clients);
    BenchCluster cluster;
    try {
      System.out.println("  starting a cluster of " + primaries + " primaries");
      cluster = BenchCluster.start(primaries);
    } catch (RuntimeException e) {
      context.note("cluster of " + primaries + " primaries could not start: " + LoopResult.describe(e));
      return rows.stream().map(name -> new Row(name).text("error", "cluster could not start")).toList();
    }
    try (cluster) {
      String host = cluster.seed().host();
      int port = cluster.seed().port();
      BulkSets.Target target = new BulkSets.Target(cluster::flushAll, cluster::databaseSize, context::note);
      List<Row> results = new ArrayList<>();
      for (String name : rows) {
        cluster.flushAll();
        results.add(context.withClient(name, () -> ClusterBulkClients.create(name, host, port),
            ClusterBulkClient::label, client -> BulkSets.measure(client, target, keys, warmupKeys, WINDOW, BATCH_SIZE)));
      }
      return results;
    }
  }

  @Override
  public Table table(List<Row> rows, BenchContext context) {
    BestPeerMode best = bestPeerMode(rows);
    Table table = new Table(title(), List.of("client", "async s", "async SETs/s", "async vs best peer",
        "async CPU us/SET", "bulk mode", "bulk s", "bulk SETs/s", "bulk vs best peer", "bulk CPU us/SET", "errors"));
    for (Row row : rows) {
      String bulkMode = row.text("bulk-mode");
      table.row(List.of(row.label(), Format.seconds(row.metric("async-seconds")), Format.count(row.metric("async-ops")),
          Format.ratio(row.metric("async-ops"), best.opsPerSecond()), Format.micros(row.metric("async-cpu")),
          bulkMode.isEmpty() ? Format.NOT_APPLICABLE : bulkMode,
          Format.seconds(row.metric("bulk-seconds")), Format.count(row.metric("bulk-ops")),
          Format.ratio(row.metric("bulk-ops"), best.opsPerSecond()), Format.micros(row.metric("bulk-cpu")),
          row.text("error").isEmpty() ? "0" : row.text("error")));
    }
    return table
        .note(Format.count(context.options().bulkCount) + " SETs of a 64-byte value to distinct keys (spread over every"
            + " primary) per run; each client is given one node's address and finds the rest itself. Bulk modes send"
            + " batches of " + BATCH_SIZE + " and await each batch.")
        .note("vs best peer: SETs/s divided by that of the fastest mode of any client but Fastpath, here "
            + best.describe() + " (higher is better).")
        .note("Warmup: the first " + Format.count(warmupCount(context.options().bulkCount)) + " keys through the same path, then FLUSHALL on every"
            + " primary. Jedis has no async API; Fastpath's async API is its only bulk path.")
        .note(Format.rounds(context.options()));
  }

  /** A tenth of the keys, at most 100,000, as in scenario b. */
  private static int warmupCount(int count) {
    return Math.max(1, Math.min(count / 10, 100_000));
  }

  /** The fastest mode of any peer (every client but Fastpath) that completed, or none. */
  static BestPeerMode bestPeerMode(List<Row> rows) {
    BestPeerMode best = new BestPeerMode(null, null, Double.NaN);
    for (Row row : rows) {
      if (row.label().startsWith(BenchClients.FASTPATH)) {
        continue;
      }
      for (String mode : MODES) {
        double ops = row.metric(mode + "-ops");
        if (!Double.isNaN(ops) && (Double.isNaN(best.opsPerSecond()) || ops > best.opsPerSecond())) {
          best = new BestPeerMode(row.label(), mode.equals("bulk") ? row.text("bulk-mode") : "plain async", ops);
        }
      }
    }
    return best;
  }

  /** A peer's row label, the mode's description, and its SETs per second. */
  record BestPeerMode(String label, String mode, double opsPerSecond) {

    String describe() {
      return label == null ? "none (no peer completed)" : label + ", " + mode;
    }
  }
}
