package io.fastpath.benchmarks;

import io.fastpath.benchmarks.cache.CacheHitRateScenario;
import io.fastpath.benchmarks.cache.CacheStalenessScenario;
import io.fastpath.benchmarks.cluster.ClusterBulkSetScenario;
import io.fastpath.benchmarks.cluster.ClusterScenario;
import io.fastpath.benchmarks.cluster.PrimaryKillScenario;
import io.fastpath.benchmarks.cluster.VerticleChainsScenario;
import io.fastpath.benchmarks.scale.ScaleScenario;
import io.fastpath.benchmarks.scenarios.BlockingPopScenario;
import io.fastpath.benchmarks.scenarios.BulkSetScenario;
import io.fastpath.benchmarks.scenarios.ConcurrentGetScenario;
import io.fastpath.benchmarks.scenarios.LargeValueScenario;
import io.fastpath.benchmarks.scenarios.RedisBenchmarkBaseline;
import io.fastpath.benchmarks.scenarios.SequentialScenario;
import io.fastpath.benchmarks.sentinel.SentinelFailoverScenario;
import io.fastpath.benchmarks.virtualthreads.VirtualThreadScenario;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs the chosen scenarios for the chosen clients, one client at a time against one redis-server,
 * and prints and saves a markdown report.
 *
 * <p>Each round of a scenario starts the client order one place further along, so with
 * {@code --repeat} no client is always the one measured first.
 */
public final class BenchmarkMain {

  private BenchmarkMain() {}

  public static void main(String[] arguments) {
    BenchOptions options;
    try {
      options = BenchOptions.parse(arguments);
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      System.exit(2);
      return;
    }
    try {
      run(options, availableClients(options));
    } catch (RuntimeException e) {
      e.printStackTrace();
      System.exit(1);
    }
    // A client that failed mid-run may have left non-daemon threads; the run must end regardless.
    System.exit(0);
  }

  private static void run(BenchOptions options, List<String> clients) {
    try (BenchServer server = BenchServer.start(options.redisServer)) {
      BenchContext context = new BenchContext(options, server);
      if (clients.size() < options.clients.size()) {
        context.note("fastpath skipped: io.fastpath.RedisClient is not in this build yet");
      }
      Report report = new Report(options, server);
      System.out.print(report.header());
      for (Scenario scenario : scenarios(options)) {
        if (options.scenarios.contains(scenario.id())) {
          List<String> scenarioClients = scenario.sweepsFastpathConnections()
              ? BenchClients.withConnectionSweep(clients, options.fastpathConnections) : clients;
          if (scenario.comparesMetrics()) {
            scenarioClients = BenchClients.withMetricsModes(scenarioClients, options.metrics);
          }
          List<Row> rows = runRounds(context, scenario, scenarioClients);
          for (Table table : scenario.tables(rows, context)) {
            report.add(table, scenario.id(), rows);
          }
        }
      }
      Path file = report.write(options.resultsDirectory, context.notes());
      if (!context.notes().isEmpty()) {
        System.out.println("### Notes\n");
        context.notes().forEach(note -> System.out.println("- " + note));
        System.out.println();
      }
      System.out.println("Load average (1, 5, 15 min) at end: " + Environment.loadAverage());
      System.out.println("Report written to " + file.toAbsolutePath());
    }
  }

  /** Every scenario in report order; f once per cluster size. */
  private static List<Scenario> scenarios(BenchOptions options) {
    List<Scenario> scenarios = new ArrayList<>(List.of(
        new SequentialScenario(), new BulkSetScenario(), new ConcurrentGetScenario(options.callers),
        new LargeValueScenario(), new RedisBenchmarkBaseline()));
    options.clusterNodes.forEach(primaries -> scenarios.add(new ClusterScenario(primaries, options.callers)));
    scenarios.add(new CacheHitRateScenario()); // g: only with --scenarios g
    scenarios.add(new CacheStalenessScenario());
    scenarios.add(new PrimaryKillScenario());
    scenarios.add(new BlockingPopScenario());
    scenarios.add(new VerticleChainsScenario(options.clusterNodes.get(0))); // j: only with --scenarios j
    scenarios.add(new io.fastpath.benchmarks.spring.SpringTemplateScenario()); // k: only with --scenarios k
    scenarios.add(new SentinelFailoverScenario()); // s: only with --scenarios s
    options.clusterNodes.forEach(primaries -> scenarios.add(new ClusterBulkSetScenario(primaries))); // l: only with --scenarios l
    scenarios.add(new VirtualThreadScenario(options.virtualThreads)); // v: only with --scenarios v (JDK 21+)
    scenarios.add(new ScaleScenario()); // m: only with --scenarios m
    return scenarios;
  }

  private static List<String> availableClients(BenchOptions options) {
    for (String name : options.clients) {
      if (!BenchClients.ALL.contains(name) && !name.equals(BenchClients.JEDIS_TUNED)
          && !name.equals(BenchClients.FASTPATH_NO_DETOUR) && !name.equals(BenchClients.FASTPATH_CALLER_IO)
          && !name.startsWith(BenchClients.FASTPATH_CALLER_IO + BenchClients.SWEEP_SEPARATOR) // scenario k: N connections
          && !name.equals(BenchClients.FASTPATH_CACHE_UNBOUNDED)
          && !name.equals(BenchClients.FASTPATH_UNCACHED) && !name.equals(BenchClients.RUEIDIS)
          && !name.equals(BenchClients.CALLER_IO) && !name.equals(BenchClients.CALLER_IO_WAKING)
          && !name.equals(BenchClients.CALLER_IO_POOL)) {
        System.err.println("unknown client " + name + "\n" + BenchOptions.usage());
        System.exit(2);
      }
    }
    return options.clients.stream().filter(BenchClients::isAvailable).toList();
  }

  private static List<Row> runRounds(BenchContext context, Scenario scenario, List<String> clients) {
    List<List<Row>> rounds = new ArrayList<>();
    for (int round = 0; round < context.options().repeat; round++) {
      System.out.println("\n" + scenario.title() + ", round " + (round + 1) + " of " + context.options().repeat);
      rounds.add(scenario.runRound(context, rotate(clients, round)));
    }
    return Medians.of(rounds);
  }

  private static List<String> rotate(List<String> clients, int by) {
    List<String> rotated = new ArrayList<>();
    for (int i = 0; i < clients.size(); i++) {
      rotated.add(clients.get((i + by) % clients.size()));
    }
    return rotated;
  }
}
