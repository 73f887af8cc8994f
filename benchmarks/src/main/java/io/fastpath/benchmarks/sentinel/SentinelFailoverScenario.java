package io.fastpath.benchmarks.sentinel;

import io.fastpath.benchmarks.BenchContext;
import io.fastpath.benchmarks.Format;
import io.fastpath.benchmarks.LoopResult;
import io.fastpath.benchmarks.Row;
import io.fastpath.benchmarks.Scenario;
import io.fastpath.benchmarks.Table;
import io.fastpath.testkit.RedisServer;
import io.fastpath.testkit.RespClient;
import io.fastpath.testkit.SentinelDeployment;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * (s) A primary watched by three Sentinels (two replicas, {@code down-after-milliseconds 1000},
 * {@code failover-timeout 3000}), 32 callers on one client doing INCR + GET of their own counters. Each
 * round gives every client two fresh deployments: one whose primary is killed with SIGKILL, one that
 * goes through a graceful {@code SENTINEL FAILOVER}. Measured: failed commands, the time from the kill
 * (and from the first {@code +switch-master} any Sentinel published) until every caller had an INCR
 * acknowledged again, the longest a caller waited between two acknowledged INCRs, and the acknowledged
 * INCRs the failover lost (an old primary keeps taking writes until Sentinel demotes it, and replication
 * is asynchronous). The graceful run lasts until the old primary was demoted and every client had the
 * chance to move, so a client writing to it meanwhile is charged with what that cost.
 */
public final class SentinelFailoverScenario implements Scenario {

  static final int CALLERS = 32;
  static final Duration WARMUP = Duration.ofSeconds(2);
  static final Duration MAX_WINDOW = Duration.ofSeconds(40);
  /** After every caller wrote again (and, graceful, the old primary was demoted): time for late movers. */
  static final Duration SETTLE = Duration.ofSeconds(2);

  /** Graceful-failover losses of every round, per row label, for the table's "over all runs" columns. */
  private final Map<String, List<Double>> gracefulLosses = new LinkedHashMap<>();

  @Override
  public String id() {
    return "s";
  }

  @Override
  public String title() {
    return "(s) Sentinel failover under load: " + CALLERS + " callers doing INCR + GET, kill -9 and SENTINEL FAILOVER";
  }

  @Override
  public List<Row> runRound(BenchContext context, List<String> clients) {
    List<Row> rows = new ArrayList<>();
    for (String name : SentinelBenchClients.rows(clients)) {
      Row row = new Row(name);
      try {
        measureKill(context, name, row);
        measureGraceful(context, name, row);
      } catch (RuntimeException e) {
        context.note(name + ": " + LoopResult.describe(e));
        row.text("error", LoopResult.describe(e));
      }
      gracefulLosses.computeIfAbsent(row.text("label").isEmpty() ? name : row.text("label"), label -> new ArrayList<>())
          .add(row.metric("graceful-lost"));
      rows.add(row);
    }
    return rows;
  }

  private static SentinelDeployment deployment() {
    System.out.println("  starting a primary, two replicas and three Sentinels");
    return SentinelDeployment.builder().downAfter(Duration.ofMillis(1000)).failoverTimeout(Duration.ofMillis(3000)).start();
  }

  /** Starts the row's client; a failure to start is printed whole (the report keeps only its first line). */
  private static SentinelBenchClient create(String name, SentinelDeployment deployment) {
    try {
      return SentinelBenchClients.create(name, deployment.primaryName(), deployment.sentinelAddresses());
    } catch (RuntimeException failed) {
      failed.printStackTrace(System.out);
      throw failed;
    }
  }

  private static void measureKill(BenchContext context, String name, Row row) {
    try (SentinelDeployment deployment = deployment();
         SentinelObserver observer = new SentinelObserver(deployment.sentinels())) {
      Row measured = context.withClient(name, () -> create(name, deployment), SentinelBenchClient::label, client -> {
            FailoverCallers callers = FailoverCallers.start(client, CALLERS);
            pause(WARMUP); // Not synchronization: the load runs a while before the fault
            RedisServer killed = deployment.primary();
            killed.kill9(); // returns once the process is gone: nothing it answered afterwards counts as recovery
            long killedAt = System.nanoTime();
            callers.fault(killedAt);
            awaitUntil(callers::everyCallerWroteAfterFault, killedAt);
            pause(SETTLE); // Not synchronization: the callers keep going a little after they recovered
            callers.stop();
            RedisServer promoted = deployment.awaitNewPrimary(killed);
            long writing = callers.everyCallerWritingNanos();
            Row result = new Row(client.label())
                .metric("kill-failed", callers.failuresAfterFault() + callers.failuresBeforeFault())
                .metric("kill-recovery-ms", FailoverCallers.happened(writing) ? millis(writing - killedAt) : Double.NaN)
                .metric("kill-after-switch-ms", FailoverCallers.happened(writing) && observer.firstSwitchNanos() != 0
                    ? millis(writing - observer.firstSwitchNanos()) : Double.NaN)
                .metric("kill-lost", lost(callers, promoted))
                .metric("wrong", callers.wrongReplies());
            if (!callers.firstFailure().isEmpty()) {
              result.text("kill-first-failure", callers.firstFailure());
            }
            return result;
          });
      copy(measured, row);
    }
  }

  private static void measureGraceful(BenchContext context, String name, Row row) {
    try (SentinelDeployment deployment = deployment()) {
      Row measured = context.withClient(name, () -> create(name, deployment), SentinelBenchClient::label, client -> {
            FailoverCallers callers = FailoverCallers.start(client, CALLERS);
            pause(WARMUP); // Not synchronization: the load runs a while before the failover
            RedisServer old = deployment.primary();
            long failoverAt = System.nanoTime();
            callers.fault(failoverAt);
            deployment.sentinels().get(0).call("SENTINEL", "FAILOVER", deployment.primaryName());
            RedisServer promoted = deployment.awaitNewPrimary(old);
            // Until Sentinel demoted the old primary (it takes writes until then) and every caller wrote since.
            awaitUntil(() -> callers.everyCallerWroteAfterFault() && roleOf(old).equals("slave"), failoverAt);
            pause(SETTLE); // Not synchronization: a client that reconnects after the demotion gets the time to move
            callers.stop();
            Row result = new Row(client.label())
                .metric("graceful-failed", callers.failuresAfterFault() + callers.failuresBeforeFault())
                .metric("graceful-stall-ms", millis(callers.longestStallNanos()))
                .metric("graceful-lost", lost(callers, promoted))
                .metric("graceful-acknowledged", callers.acknowledgedIncrements())
                .metric("wrong-graceful", callers.wrongReplies());
            if (!callers.firstFailure().isEmpty()) {
              result.text("graceful-first-failure", callers.firstFailure());
            }
            return result;
          });
      copy(measured, row);
    }
  }

  private static long lost(FailoverCallers callers, RedisServer primary) {
    try (RespClient admin = primary.admin()) {
      return callers.lostAcknowledged(admin);
    }
  }

  private static String roleOf(RedisServer node) {
    try {
      return String.valueOf(((List<?>) node.call("ROLE")).get(0));
    } catch (RuntimeException busy) {
      return "unknown";
    }
  }

  private static void awaitUntil(java.util.function.BooleanSupplier done, long sinceNanos) {
    while (!done.getAsBoolean() && System.nanoTime() - sinceNanos < MAX_WINDOW.toNanos()) {
      pause(Duration.ofMillis(10)); // Not synchronization: the poll interval of a measurement's end condition
    }
  }

  private static void pause(Duration duration) {
    LockSupport.parkNanos(duration.toNanos());
  }

  private static double millis(long nanos) {
    return TimeUnit.NANOSECONDS.toMicros(nanos) / 1000.0;
  }

  private static void copy(Row from, Row to) {
    to.text("label", from.label());
    for (String metric : List.of("kill-failed", "kill-recovery-ms", "kill-after-switch-ms", "kill-lost", "wrong",
        "graceful-failed", "graceful-stall-ms", "graceful-lost", "graceful-acknowledged", "wrong-graceful")) {
      if (!Double.isNaN(from.metric(metric))) {
        to.metric(metric, from.metric(metric));
      }
    }
    for (String text : List.of("kill-first-failure", "graceful-first-failure", "error")) {
      if (!from.text(text).isEmpty()) {
        to.text(text, from.text(text));
      }
    }
  }

  @Override
  public Table table(List<Row> rows, BenchContext context) {
    Table table = new Table(title(), List.of("client", "kill: failed commands", "kill: every caller writing after ms",
        "kill: after first +switch-master ms", "kill: acknowledged INCRs lost", "graceful: failed commands",
        "graceful: longest caller stall ms", "graceful: acknowledged INCRs lost (median)",
        "graceful: lost over all runs (max, total)", "wrong replies"));
    for (Row row : rows) {
      String label = row.text("label").isEmpty() ? row.label() : row.text("label");
      List<Double> losses = gracefulLosses.getOrDefault(label, List.of());
      double max = losses.stream().mapToDouble(Double::doubleValue).filter(v -> !Double.isNaN(v)).max().orElse(Double.NaN);
      double total = losses.stream().mapToDouble(Double::doubleValue).filter(v -> !Double.isNaN(v)).sum();
      table.row(List.of(label + (row.text("error").isEmpty() ? "" : " (" + row.text("error") + ")"),
          Format.count(row.metric("kill-failed")), Format.count(row.metric("kill-recovery-ms")),
          Format.count(row.metric("kill-after-switch-ms")), Format.count(row.metric("kill-lost")),
          Format.count(row.metric("graceful-failed")), Format.count(row.metric("graceful-stall-ms")),
          Format.count(row.metric("graceful-lost")),
          Format.count(max) + ", " + Format.count(total) + " in " + losses.size() + " runs",
          Format.count(row.metric("wrong") + row.metric("wrong-graceful"))));
    }
    return table
        .note("Each run starts a fresh deployment on loopback: a primary, two replicas and three Sentinels"
            + " (down-after-milliseconds 1000, failover-timeout 3000), " + CALLERS + " callers on one client, each"
            + " alternating INCR and GET of its own counter, " + WARMUP.toSeconds() + " s before the fault. "
            + Format.rounds(context.options()) + " The 'over all runs' column covers every round.")
        .note("kill: SIGKILL of the primary. 'every caller writing after' runs from the kill until the last caller"
            + " had an INCR acknowledged again; 'after first +switch-master' from the first +switch-master any Sentinel"
            + " published (negative: writing before it). Lost INCRs after a kill were acknowledged by the old primary"
            + " and had not reached the promoted replica (asynchronous replication).")
        .note("graceful: SENTINEL FAILOVER, the old primary stays up and writable until Sentinel demotes it (about"
            + " 10 s later). The run lasts until it is demoted, every caller wrote again and " + SETTLE.toSeconds()
            + " s more. An acknowledged INCR is lost when the counter later went back below it on the new primary,"
            + " or ends below it. 'longest caller stall': the longest wait between two acknowledged INCRs of one caller.")
        .note("wrong replies: a GET reading more than its caller ever incremented, or no number.");
  }
}
