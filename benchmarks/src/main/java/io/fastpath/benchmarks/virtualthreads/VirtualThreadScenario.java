package io.fastpath.benchmarks.virtualthreads;

import io.fastpath.benchmarks.BenchClient;
import io.fastpath.benchmarks.BenchClients;
import io.fastpath.benchmarks.BenchContext;
import io.fastpath.benchmarks.CallerLoop;
import io.fastpath.benchmarks.Format;
import io.fastpath.benchmarks.Keyspace;
import io.fastpath.benchmarks.LoopResult;
import io.fastpath.benchmarks.Medians;
import io.fastpath.benchmarks.Row;
import io.fastpath.benchmarks.Scenario;
import io.fastpath.benchmarks.Table;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Collectors;

/**
 * (v) Virtual-thread callers sharing one client: 100, 1,000 and 10,000 (--virtual-threads) virtual threads, each
 * doing blocking GETs (90%) and SETs (10%) of the preloaded small keys, for each client in turn. Beside ops/s,
 * percentiles and CPU per op: JFR's {@code jdk.VirtualThreadPinned} events of the window (a virtual thread that
 * parked without leaving its carrier), starved callers (no successful call inside the window) and failures by
 * class. Needs JDK 21 or newer at run time; the module stays Java 17 ({@link VirtualThreads}).
 */
public final class VirtualThreadScenario implements Scenario {

  /** One in this many calls is a SET, the others GETs. */
  static final int ONE_SET_IN = 10;
  /**
   * Callers of the warmup: enough to compile every path, few enough that a client whose pool cannot serve
   * thousands (Jedis's) leaves no warmup caller waiting into the measured window.
   */
  static final int WARMUP_CALLERS = 100;
  private static final String LABEL_SEPARATOR = " @ ";

  private final List<Integer> threadCounts;
  /** Each row's failures by class, one map per round; written and read by the main thread between rounds. */
  private final Map<String, List<Map<String, Long>>> failuresByRound = new LinkedHashMap<>();

  public VirtualThreadScenario(List<Integer> threadCounts) {
    this.threadCounts = List.copyOf(threadCounts);
  }

  @Override
  public String id() {
    return "v";
  }

  @Override
  public String title() {
    return "(v) " + threadCounts.stream().map(Format::count).collect(Collectors.joining(" / "))
        + " virtual-thread callers, 90% GET / 10% SET";
  }

  @Override
  public List<Row> runRound(BenchContext context, List<String> clients) {
    List<Row> rows = new ArrayList<>();
    if (!VirtualThreads.available()) {
      context.note("scenario v skipped: " + VirtualThreads.unavailableReason());
      return rows;
    }
    startJdkThreads();
    for (int threads : threadCounts) {
      for (String name : clients) {
        if (name.equals(BenchClients.RUEIDIS)) {
          continue; // a Go process: no JVM threads to measure
        }
        context.prepareServer(admin -> admin.setAll(Keyspace.smallKeys(), Keyspace.SMALL_VALUE_BYTES));
        Row row = context.withClient(name, client -> measure(context, client, threads));
        if (row.metric("threads") != threads) { // the client failed to start or to run: name the count anyway
          row = new Row(rowLabel(row.label(), threads)).metric("threads", threads).text("client", row.label())
              .text("error", row.text("error"));
        }
        rows.add(row);
      }
    }
    return rows;
  }

  /**
   * Starts the JDK's own threads behind virtual threads (the scheduler's carriers, its timer, the unblocker of
   * monitor waits) and behind a JFR recording before the first client, so the check after each client that its
   * threads stopped does not blame it for them.
   */
  private static void startJdkThreads() {
    PinnedEvents.start().stop();
    Object monitor = new Object();
    Thread thread = VirtualThreads.factory("bench-virtual-start-").newThread(() -> {
      synchronized (monitor) {
        try {
          monitor.wait(1); // a timed wait: starts the timer and the unblocker
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
    });
    thread.start();
    try {
      thread.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private Row measure(BenchContext context, BenchClient client, int threads) {
    CallerLoop.Call call = (caller, iteration) -> {
      ThreadLocalRandom random = ThreadLocalRandom.current();
      String key = Keyspace.smallKey(random.nextInt(Keyspace.SMALL_KEY_COUNT));
      if (random.nextInt(ONE_SET_IN) == 0) {
        client.set(key, Keyspace.SMALL_VALUE);
      } else if (client.get(key) == null) {
        throw new IllegalStateException("GET " + key + " returned nil");
      }
    };
    VirtualCallerResult warmup = VirtualCallerLoop.run(VirtualThreads.factory("bench-virtual-warmup-"),
        Math.min(threads, WARMUP_CALLERS), context.options().warmup, call);
    if (warmup.stuck() > 0) {
      context.note(client.label() + " @ " + threads + ": " + warmup.stuck() + " warmup callers were still in a call"
          + " when the window started");
    }
    BenchContext.collectGarbage();
    PinnedEvents recording = PinnedEvents.start();
    VirtualCallerResult result;
    PinnedEvents.Count pinned;
    try {
      result = VirtualCallerLoop.run(VirtualThreads.factory("bench-virtual-caller-"), threads,
          context.options().duration, call);
    } finally {
      pinned = recording.stop(); // also closes the recording when the run failed
    }
    return toRow(client.label(), result, pinned);
  }

  /** The row of one client and thread count; its failures by class are kept for the table's medians. */
  Row toRow(String clientLabel, VirtualCallerResult result, PinnedEvents.Count pinned) {
    Row row = new Row(rowLabel(clientLabel, result.callers()))
        .text("client", clientLabel)
        .metric("threads", result.callers())
        .metric("ops", result.operationsPerSecond())
        .metric("p50", result.percentileMicros(50))
        .metric("p99", result.percentileMicros(99))
        .metric("p999", result.percentileMicros(99.9))
        .metric("cpu", result.cpuMicrosPerOperation())
        .metric("pinned", pinned.total())
        .metric("starved", result.starved())
        .metric("stuck", result.stuck())
        .metric("errors", result.failures());
    if (pinned.total() > 0) {
      row.text("pinned-site", pinned.topSite());
    }
    if (result.firstFailure() != null) {
      row.text("error", LoopResult.describe(result.firstFailure()));
    }
    failuresByRound.computeIfAbsent(row.label(), label -> new ArrayList<>()).add(result.failuresByClass());
    return row;
  }

  static String rowLabel(String clientLabel, int threads) {
    return clientLabel + LABEL_SEPARATOR + threads;
  }

  /** The median over rounds of each failure class (0 in a round without it), most frequent first. */
  String failuresByClass(String rowLabel) {
    List<Map<String, Long>> rounds = failuresByRound.getOrDefault(rowLabel, List.of());
    TreeSet<String> classes = new TreeSet<>();
    rounds.forEach(round -> classes.addAll(round.keySet()));
    Map<String, Double> medians = new LinkedHashMap<>();
    for (String name : classes) {
      medians.put(name, Medians.median(rounds.stream().mapToDouble(round -> round.getOrDefault(name, 0L)).toArray()));
    }
    return medians.entrySet().stream()
        .filter(entry -> entry.getValue() > 0)
        .sorted(Map.Entry.<String, Double>comparingByValue().reversed())
        .map(entry -> entry.getKey() + " " + Format.count(entry.getValue()))
        .collect(Collectors.joining(", "));
  }

  @Override
  public Table table(List<Row> rows, BenchContext context) {
    Table table = new Table(title(), List.of("client", "virtual threads", "ops/s", "vs fastpath", "p50 us", "p99 us",
        "p99.9 us", "CPU us/op", "pinned events", "starved threads", "failed (by class)"));
    for (Row row : rows) {
      double ops = row.metric("ops");
      double fastpath = fastpathOps(rows, row.metric("threads"));
      String classes = failuresByClass(row.label());
      String failed = Format.count(row.metric("errors"));
      if (!classes.isEmpty()) {
        failed += " (" + classes + ")";
      } else if (!row.text("error").isEmpty()) {
        failed += " (" + row.text("error") + ")";
      }
      String pinned = Format.count(row.metric("pinned"));
      if (!row.text("pinned-site").isEmpty()) {
        pinned += " (most at " + row.text("pinned-site") + ")";
      }
      String starved = Format.count(row.metric("starved"));
      if (row.metric("stuck") > 0) {
        starved += " (" + Format.count(row.metric("stuck")) + " still in a call " + VirtualCallerLoop.DRAIN.toSeconds()
            + " s after the window)";
      }
      table.row(List.of(row.text("client").isEmpty() ? row.label() : row.text("client"),
          Format.count(row.metric("threads")), Format.count(ops), Format.ratio(ops, fastpath),
          Format.micros(row.metric("p50")), Format.micros(row.metric("p99")), Format.micros(row.metric("p999")),
          Format.micros(row.metric("cpu")), pinned, starved, failed));
    }
    return table
        .note("Each virtual thread loops on a blocking GET (90%) or SET (10%) of a random key among "
            + Format.count(Keyspace.SMALL_KEY_COUNT) + " preloaded 64-byte values, all through one shared client;"
            + " only calls that end inside the window count, and a thread with no successful call in it is starved.")
        .note("Pinned events: JFR's jdk.VirtualThreadPinned over the window with its threshold at 0 (every park that"
            + " held its carrier; the JDK's default records only those over 20 ms), with the first frame outside the JDK"
            + " where most pinned. CPU per op is this JVM's process CPU over the window per successful call.")
        .note("Warmup: " + WARMUP_CALLERS + " virtual threads (or fewer) for the warmup time before each window.")
        .note(firstFailures(rows))
        .note("Run on " + Runtime.version() + " (" + System.getProperty("java.vm.name") + ").")
        .note(Format.window(context.options()));
  }

  /** Each failing row's first failure, so a class in the table has its message somewhere. */
  private static String firstFailures(List<Row> rows) {
    List<String> failures = rows.stream().filter(row -> row.metric("errors") > 0 && !row.text("error").isEmpty())
        .map(row -> row.label() + " threads: " + row.text("error")).toList();
    return failures.isEmpty() ? "" : "First failure of each row with failures: " + String.join("; ", failures) + ".";
  }

  /** The ops/s of the Fastpath row with the same thread count, or NaN. */
  private static double fastpathOps(List<Row> rows, double threads) {
    return rows.stream()
        .filter(row -> row.metric("threads") == threads)
        .filter(row -> row.text("client").equals(BenchClients.FASTPATH) || row.text("client").startsWith(BenchClients.FASTPATH + " ("))
        .findFirst().map(row -> row.metric("ops")).orElse(Double.NaN);
  }
}
