package io.fastpath.benchmarks.cluster;

import io.fastpath.benchmarks.ClusterBenchClient;
import io.fastpath.benchmarks.BenchClients;
import io.fastpath.benchmarks.BenchContext;
import io.fastpath.benchmarks.CallerLoop;
import io.fastpath.benchmarks.Format;
import io.fastpath.benchmarks.Keyspace;
import io.fastpath.benchmarks.LoopResult;
import io.fastpath.benchmarks.MetricsOverhead;
import io.fastpath.benchmarks.OpenLoop;
import io.fastpath.benchmarks.Row;
import io.fastpath.benchmarks.RueidisProcess;
import io.fastpath.benchmarks.Scenario;
import io.fastpath.benchmarks.Table;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Predicate;

/**
 * (f) A local Redis Cluster of primaries, every client given the address of one node: 64 callers (--callers)
 * doing blocking GETs of random keys, first in a closed loop for throughput and CPU per op (f1), then
 * at a fixed total rate with latencies measured from each GET's scheduled time (f2).
 *
 * <p>A client that fails to start or whose GETs fail gets its errors in its row; the other clients
 * still run. The cluster is started once per round and stopped after it.
 */
public final class ClusterScenario implements Scenario {

  static final int KEY_COUNT = 100_000;

  private static final List<String> KEYS = Keyspace.keys("key:", KEY_COUNT);
  /** The share of f2's scheduled GETs a peer may leave unsent at the end and still count as keeping the schedule. */
  private static final double KEPT_SCHEDULE_UNSENT_SHARE = 0.001;

  private final int primaries;
  /** Caller threads of f1 and f2 (--callers). */
  private final int callers;

  public ClusterScenario(int primaries, int callers) {
    this.primaries = primaries;
    this.callers = callers;
  }

  /** --fastpath-connections: which per-node connection count serves a cluster of this size best is measured here. */
  @Override
  public boolean sweepsFastpathConnections() {
    return true;
  }

  @Override
  public String id() {
    return "f";
  }

  @Override
  public boolean comparesMetrics() {
    return true;
  }

  @Override
  public String title() {
    return "(f) Cluster of " + primaries + " primaries: " + callers + " callers doing blocking GETs,"
        + " closed loop (f1) and open loop at a fixed rate (f2)";
  }

  @Override
  public List<Row> runRound(BenchContext context, List<String> clients) {
    List<String> rows = ClusterBenchClients.rows(clients);
    BenchCluster cluster;
    try {
      System.out.println("  starting a cluster of " + primaries + " primaries");
      cluster = BenchCluster.start(primaries);
    } catch (RuntimeException e) {
      context.note("cluster of " + primaries + " primaries could not start: " + LoopResult.describe(e));
      return rows.stream().map(name -> new Row(name).text("closed-error", "cluster could not start")).toList();
    }
    try (cluster) {
      List<Row> results = new ArrayList<>();
      String host = cluster.seed().host();
      int port = cluster.seed().port();
      for (String name : rows) {
        cluster.flushAndPreload(KEYS, Keyspace.SMALL_VALUE_BYTES);
        if (name.equals(BenchClients.RUEIDIS)) {
          results.add(rueidis(context, host + ":" + port));
          continue;
        }
        results.add(context.withClient(name, () -> ClusterBenchClients.create(name, host, port),
            ClusterBenchClient::label, client -> measure(context, client)));
      }
      return results;
    }
  }

  /** f1 only: the same closed loop from as many goroutines through rueidis (Go), in its own process. */
  private Row rueidis(BenchContext context, String seed) {
    try {
      return RueidisProcess.run(context.options(), seed, callers, KEY_COUNT, "closed-");
    } catch (RuntimeException failed) {
      context.note("rueidis could not run: " + failed.getMessage());
      return new Row(BenchClients.RUEIDIS).text("closed-error", failed.getMessage());
    }
  }

  private Row measure(BenchContext context, ClusterBenchClient client) {
    CallerLoop.Call get = (caller, iteration) -> {
      String key = KEYS.get(ThreadLocalRandom.current().nextInt(KEY_COUNT));
      if (client.get(key) == null) {
        throw new IllegalStateException("GET " + key + " returned nil");
      }
    };
    CallerLoop.run(callers, context.options().warmup, get);
    BenchContext.collectGarbage();
    LoopResult closed = CallerLoop.run(callers, context.options().duration, get);
    BenchContext.collectGarbage();
    OpenLoop.Result open = OpenLoop.run(callers, context.options().duration, context.options().clusterRate, get);
    Row row = new Row(client.label());
    addLoop(row, "closed-", closed);
    addLoop(row, "open-", open.loop());
    return row.metric("open-sent", open.sentPerSecond()).metric("open-unsent", open.unsent());
  }

  private static void addLoop(Row row, String prefix, LoopResult result) {
    row.metric(prefix + "ops", result.operationsPerSecond())
        .metric(prefix + "p50", percentile(result, 50))
        .metric(prefix + "p99", percentile(result, 99))
        .metric(prefix + "p999", percentile(result, 99.9))
        .metric(prefix + "cpu", result.cpuMicrosPerOperation())
        .metric(prefix + "errors", result.errors());
    if (result.firstError() != null) {
      row.text(prefix + "error", LoopResult.describe(result.firstError()));
    }
  }

  /** Includes unsent slots, which are in the histogram but not in the operation count. */
  private static double percentile(LoopResult result, double percentile) {
    return result.latencyNanos().getTotalCount() == 0
        ? Double.NaN : result.latencyNanos().getValueAtPercentile(percentile) / 1000.0;
  }

  @Override
  public Table table(List<Row> rows, BenchContext context) {
    Optional<Row> bestClosed = bestPeer(rows, row -> row.metric("closed-errors") == 0,
        Comparator.comparingDouble((Row row) -> row.metric("closed-ops")).reversed());
    double scheduled = context.options().clusterRate * context.options().duration.toNanos() / 1e9;
    // A peer kept the schedule if at most 0.1% of its GETs were still unsent at the window's end (a few always are:
    // the callers busy when it closes); one that fell further behind is not a reference for p99.
    Optional<Row> bestOpen = bestPeer(rows,
        row -> row.metric("open-errors") == 0 && row.metric("open-unsent") <= scheduled * KEPT_SCHEDULE_UNSENT_SHARE,
        Comparator.comparingDouble((Row row) -> row.metric("open-p99")));
    double closedReference = bestClosed.map(row -> row.metric("closed-ops")).orElse(Double.NaN);
    double openReference = bestOpen.map(row -> row.metric("open-p99")).orElse(Double.NaN);
    Table table = new Table(title(), List.of("client", "f1 ops/s", "f1 vs best peer", "f1 p50 us",
        "f1 p99 us", "f1 p99.9 us", "f1 CPU us/op", "f1 errors", "f2 sent/s", "f2 p50 us", "f2 p99 us",
        "f2 p99.9 us", "f2 p99 vs best peer", "f2 CPU us/op", "f2 errors", "f2 unsent"));
    for (Row row : rows) {
      table.row(List.of(row.label(), Format.count(row.metric("closed-ops")),
          Format.ratio(row.metric("closed-ops"), closedReference), Format.micros(row.metric("closed-p50")),
          Format.micros(row.metric("closed-p99")), Format.micros(row.metric("closed-p999")),
          Format.micros(row.metric("closed-cpu")), errors(row, "closed-"),
          Format.count(row.metric("open-sent")), Format.micros(row.metric("open-p50")),
          Format.micros(row.metric("open-p99")), Format.micros(row.metric("open-p999")),
          Format.ratio(row.metric("open-p99"), openReference), Format.micros(row.metric("open-cpu")),
          errors(row, "open-"), Format.count(row.metric("open-unsent"))));
    }
    return table
        .note("GETs of random keys among " + Format.count(KEY_COUNT) + " preloaded 64-byte values, spread"
            + " over every primary; each client is given one node's address and finds the rest itself.")
        .note("f1: closed loop, each caller sends its next GET when the last returns. f2: "
            + Format.count(context.options().clusterRate) + " GETs/s in total, each caller owning every "
            + callers + "th slot of one schedule; latency runs from the scheduled time, so a client that"
            + " falls behind is charged for the wait. GETs still unsent at the end count with their"
            + " lateness then (a lower bound).")
        .note("f1 vs best peer: ops/s divided by that of " + bestClosed.map(Row::label).orElse("no error-free peer")
            + " (higher is better); f2 vs best peer: p99 divided by that of "
            + bestOpen.map(Row::label).orElse("no error-free peer") + " (lower is better). Peers are every"
            + " client but Fastpath, counted only without errors (and in f2 only if at most 0.1% of the schedule's"
            + " GETs were left unsent: it kept up).")
        .note(MetricsOverhead.note(rows, "closed-cpu"))
        .note(Format.window(context.options()) + " f1 and f2 each run for that window; rueidis (Go, its own process,"
            + " client-side cache off) runs f1 only, and its CPU per op is its process's.");
  }

  private static Optional<Row> bestPeer(List<Row> rows, Predicate<Row> errorFree, Comparator<Row> better) {
    return rows.stream()
        .filter(row -> !row.label().startsWith("fastpath") && !row.label().contains(MetricsOverhead.SEPARATOR))
        .filter(errorFree)
        .sorted(better)
        .findFirst();
  }

  private static String errors(Row row, String prefix) {
    String count = Format.count(row.metric(prefix + "errors"));
    String error = row.text(prefix + "error");
    if (error.isEmpty() && prefix.equals("closed-")) {
      error = row.text("error");
    }
    return error.isEmpty() ? count : count + " (" + error + ")";
  }
}
