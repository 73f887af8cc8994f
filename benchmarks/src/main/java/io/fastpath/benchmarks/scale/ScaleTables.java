package io.fastpath.benchmarks.scale;

import io.fastpath.benchmarks.Format;
import io.fastpath.benchmarks.Row;
import io.fastpath.benchmarks.Table;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Scenario (m)'s two tables: each client's start-up and idle figures, and its load through each cluster event. */
final class ScaleTables {

  private ScaleTables() {}

  static Table setup(String title, List<Row> rows) {
    Table table = new Table(title + ": start-up, connections, heap, refresh cost", List.of("client",
        "first reply ms", "conns up by ms", "conns idle", "conns after load", "per primary", "per replica",
        "heap KB per node", "idle CPU ms/s", "refreshing CPU ms/s", "CPU per refresh ms", "topology queries/s idle",
        "topology queries/s refreshing"));
    for (Row row : rows) {
      double perRefresh = (row.metric("refreshing-cpu-ms-per-s") - row.metric("idle-cpu-ms-per-s"))
          * ScaleScenario.REFRESH_PERIOD.toMillis() / 1000.0;
      table.row(List.of(label(row), decimal(row.metric("first-reply-ms")), decimal(row.metric("connections-up-ms")),
          Format.count(row.metric("connections-idle")), Format.count(row.metric("connections-loaded")),
          decimal(row.metric("connections-per-primary")), decimal(row.metric("connections-per-replica")),
          decimal(row.metric("heap-per-node-kb")), decimal(row.metric("idle-cpu-ms-per-s")),
          decimal(row.metric("refreshing-cpu-ms-per-s")), decimal(perRefresh),
          decimal(row.metric("idle-topology-queries-per-s")), decimal(row.metric("refreshing-topology-queries-per-s"))));
    }
    return table
        .note("first reply: from the start of build()/connect until the first GET's reply. conns up by: the poll of"
            + " every node's INFO clients (every 20 ms for " + ConnectionWatch.WATCH_MILLIS + " ms, no traffic) that"
            + " first saw the most connections. conns after load: after " + ScaleRun.WARMUP_MILLIS + " ms of "
            + MixedLoad.CALLERS + " callers on every slot (lazy clients connect then).")
        .note("heap per node: heap in use after full GCs with the client built and loaded, minus before its build,"
            + " divided by the nodes it connects to; GLIDE keeps its connections and topology in native (Rust)"
            + " memory, which this does not see.")
        .note("CPU: this JVM's process CPU over " + ScaleRun.IDLE_MILLIS / 1000 + " s idle, default settings, then"
            + " with a second client refreshing every " + ScaleScenario.REFRESH_PERIOD.toSeconds() + " s (Fastpath"
            + " topologyRefreshPeriod, Lettuce enablePeriodicRefresh, GLIDE periodicChecks); CPU per refresh is the"
            + " difference times the period. Topology queries: CLUSTER SLOTS/SHARDS/NODES calls all nodes served"
            + " (INFO commandstats).");
  }

  static Table events(String title, List<Row> rows) {
    Table table = new Table(title + ": " + MixedLoad.CALLERS + " callers' blocking GETs/SETs ("
        + MixedLoad.GET_PERCENT + "% GETs) through each cluster event", List.of("client", "event", "s", "slots moved",
        "commands", "p50 us", "p99 us", "p99 / steady", "p99.9 us", "failed", "failed on killed shard",
        "MOVED/ASK sent", "redirects (client)", "topology changes (client)"));
    List<String> phases = new ArrayList<>(List.of("steady"));
    phases.addAll(List.of(ScaleRun.EVENTS));
    for (Row row : rows) {
      for (String phase : phases) {
        String prefix = phase + "-";
        String failures = row.text(prefix + "failures");
        table.row(List.of(label(row), phase, Format.seconds(row.metric(prefix + "seconds")),
            Format.count(row.metric(prefix + "slots")), Format.count(row.metric(prefix + "commands")),
            Format.micros(row.metric(prefix + "p50")), Format.micros(row.metric(prefix + "p99")),
            Format.ratio(row.metric(prefix + "p99"), row.metric("steady-p99")), Format.micros(row.metric(prefix + "p999")),
            Format.count(row.metric(prefix + "failed")) + (failures.isEmpty() ? "" : " (" + failures + ")"),
            phase.equals("kill") ? Format.count(row.metric(prefix + "failed-marked")) : "",
            Format.count(row.metric(prefix + "server-redirects")), Format.count(row.metric(prefix + "client-redirects")),
            Format.count(row.metric(prefix + "topology-changes"))));
      }
    }
    return table
        .note("steady: " + ScaleRun.STEADY_MILLIS + " ms after " + ScaleRun.WARMUP_MILLIS + " ms of warm-up. reshard:"
            + " redis-cli --cluster reshard of " + ScaleRun.RESHARD_SLOTS + " slots from every primary to one"
            + " (--cluster-pipeline " + RedisCli.PIPELINE + "). add: a new primary started, CLUSTER MEET, slots"
            + " resharded to it. remove: its slots resharded to another primary, CLUSTER FORGET on every node, then"
            + " shut down. kill: SIGKILL of a primary with a replica (node timeout " + ScaleScenario.NODE_TIMEOUT.toMillis()
            + " ms, cluster-require-full-coverage no) until the replica is promoted and every node agrees. Each event"
            + " lasts until every node agrees on the result (the testkit's awaitStable).")
        .note("Latencies are of the commands that completed in the phase, failed ones excluded; failed by exception"
            + " class. MOVED/ASK sent: the servers' INFO errorstats; redirects and topology changes (client): what the"
            + " client reports (Fastpath's RedisEvent.Redirected and TopologyChanged; n/a: the library reports none).")
        .note("The " + ScaleScenario.KEY_COUNT / 1000 + "k keys are preloaded; every caller picks one at random; a"
            + " failed command is one that threw.");
  }

  private static String label(Row row) {
    String error = row.text("error") + (row.text("refresh-error").isEmpty() ? "" : " refresh: " + row.text("refresh-error"));
    return error.isEmpty() ? row.label() : row.label() + " (" + error + ")";
  }

  private static String decimal(double value) {
    return Double.isNaN(value) ? Format.NOT_APPLICABLE : String.format(Locale.ROOT, "%,.1f", value);
  }
}
