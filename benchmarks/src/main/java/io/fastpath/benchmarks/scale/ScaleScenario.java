package io.fastpath.benchmarks.scale;

import io.fastpath.benchmarks.BenchContext;
import io.fastpath.benchmarks.Keyspace;
import io.fastpath.benchmarks.LoopResult;
import io.fastpath.benchmarks.Row;
import io.fastpath.benchmarks.Scenario;
import io.fastpath.benchmarks.Table;
import io.fastpath.benchmarks.cluster.BenchCluster;
import io.fastpath.testkit.RedisServer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * (m) Scale: Fastpath, Lettuce and Valkey GLIDE one after another on ONE cluster of {@value #PRIMARIES} primaries
 * with a replica each: time to the first reply and to all connections, connections and heap per node, CPU of a
 * topology refresh, and {@value MixedLoad#CALLERS} callers' GETs/SETs through resharding, a node added, a node removed
 * and a primary killed ({@link ScaleRun}). Each client reshards to and kills a different primary.
 */
public final class ScaleScenario implements Scenario {

  static final int PRIMARIES = 32;
  static final int KEY_COUNT = 100_000;
  /**
   * With 2 s, on this machine at load average 60, redis-cli's reshard failed with "ERR Please use SETSLOT only with
   * masters" (a node it listed as primary no longer was); 5 s leaves starved nodes more time before failover.
   */
  static final Duration NODE_TIMEOUT = Duration.ofSeconds(5);
  /** The refresh-cost client's period: GLIDE's periodic check takes whole seconds. */
  static final Duration REFRESH_PERIOD = Duration.ofSeconds(1);

  private static final List<String> KEYS = Keyspace.keys("key:", KEY_COUNT);

  @Override
  public String id() {
    return "m";
  }

  @Override
  public String title() {
    return "(m) Scale: " + PRIMARIES + " primaries + " + PRIMARIES + " replicas, one cluster for every client";
  }

  @Override
  public List<Row> runRound(BenchContext context, List<String> clients) {
    List<Row> rows = new ArrayList<>();
    System.out.println("  starting a cluster of " + PRIMARIES + " primaries with a replica each");
    try (BenchCluster cluster = BenchCluster.startWithReplicas(PRIMARIES, NODE_TIMEOUT, false)) {
      cluster.flushAndPreload(KEYS, Keyspace.SMALL_VALUE_BYTES);
      String value = new String(Keyspace.SMALL_VALUE_BYTES, StandardCharsets.UTF_8);
      RedisServer seed = cluster.seed();
      int index = 0;
      for (String name : clients) {
        if (!ScaleClients.SUPPORTED.contains(name)) {
          context.note("scenario m runs " + ScaleClients.SUPPORTED + " only; " + name + " skipped");
          continue;
        }
        int clientIndex = index++;
        try (NodeCounters counters = new NodeCounters(cluster.cluster())) {
          ScaleRun run = new ScaleRun(cluster.cluster(), counters, KEYS, value, clientIndex);
          Row row = context.withClient(name,
              () -> StartedClient.start(name, seed.host(), seed.port(), null, counters, KEYS.get(0)),
              started -> started.client().label(), run::measure);
          Row refresh = context.withClient(name,
              () -> StartedClient.start(name, seed.host(), seed.port(), REFRESH_PERIOD, counters, KEYS.get(0)),
              started -> started.client().label(), started -> refreshCost(started, counters));
          rows.add(merge(row, refresh));
        } catch (RuntimeException e) {
          context.note(name + " failed in scenario m: " + LoopResult.describe(e));
          rows.add(new Row(name).text("error", LoopResult.describe(e)));
        }
      }
    }
    return rows;
  }

  /** The idle cost of a client refreshing every {@link #REFRESH_PERIOD}, after its start-up refreshes. */
  private static Row refreshCost(StartedClient started, NodeCounters counters) {
    ScaleRun.pause(ScaleRun.SETTLE_MILLIS * 2);
    Row row = new Row(started.client().label());
    IdleCost.measure(counters, ScaleRun.IDLE_MILLIS).addTo(row, "refreshing-");
    return row;
  }

  private static Row merge(Row row, Row refresh) {
    for (String name : List.of("refreshing-cpu-ms-per-s", "refreshing-topology-queries-per-s")) {
      row.metric(name, refresh.metric(name));
    }
    if (!refresh.text("error").isEmpty()) {
      row.text("refresh-error", refresh.text("error"));
    }
    return row;
  }

  @Override
  public Table table(List<Row> rows, BenchContext context) {
    return ScaleTables.setup(title(), rows);
  }

  @Override
  public List<Table> tables(List<Row> rows, BenchContext context) {
    return List.of(ScaleTables.setup(title(), rows), ScaleTables.events(title(), rows));
  }
}
