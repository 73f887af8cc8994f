package io.fastpath.benchmarks.cache;

import io.fastpath.RedisClient;
import io.fastpath.benchmarks.BenchContext;
import io.fastpath.benchmarks.Format;
import io.fastpath.benchmarks.Keyspace;
import io.fastpath.benchmarks.Row;
import io.fastpath.benchmarks.Scenario;
import io.fastpath.benchmarks.Table;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;

/**
 * (g1) GET latency through each client's client-side cache at 0, 50, 90 and 100% of reads on a hot
 * key set that fits the cache (the rest walk a cold key space 50 times larger than the cache, so they
 * miss), while another, uncached client writes random hot keys at one write per ten reads. Latency is
 * taken per GET in nanoseconds; the achieved hit rate is what each cache counted.
 */
public final class CacheHitRateScenario implements Scenario {
  static final int HOT_KEYS = 1_000;
  static final int COLD_KEYS = 100_000;
  private static final int[] HOT_SHARES = {0, 50, 90, 100};
  private static final String NO_WRITER = ", 100% hot, no writer";
  private static final Duration WARMUP = Duration.ofSeconds(1);
  private static final Duration WINDOW = Duration.ofSeconds(3);
  /**
   * Reads faster than this are counted as hits in the hit-latency columns: no read that goes to the server
   * is that fast on loopback here (the 0%-hot rows, all misses, show their fastest read in the notes).
   */
  private static final long HIT_CEILING_NANOS = 10_000;

  @Override
  public String id() {
    return "g";
  }

  @Override
  public String title() {
    return "(g1) Client-side cache: one thread of GETs at 0/50/90/100% hot-key share, another client writing 1 per 10 reads";
  }

  @Override
  public List<Row> runRound(BenchContext context, List<String> clients) {
    context.prepareServer(admin -> {
      admin.setAll(Keyspace.keys("hot:", HOT_KEYS), Keyspace.SMALL_VALUE_BYTES);
      admin.setAll(Keyspace.keys("cold:", COLD_KEYS), Keyspace.SMALL_VALUE_BYTES);
    });
    List<Row> rows = new ArrayList<>();
    for (String name : clients) {
      if (!CachedReaders.ALL.contains(name)) {
        continue;
      }
      // Unmeasured: one row's worth of the 50% mix, so the JIT has compiled the miss and hit paths before the
      // first measured row (its 1 s warmup alone left the 0%-hot row of whichever client ran first on a cold JIT).
      context.withClient(name, () -> CachedReaders.create(name, context.server().uri()), CachedReader::label,
          reader -> measure(context, reader, 50, true));
      for (int share : HOT_SHARES) {
        rows.add(context.withClient(name, () -> CachedReaders.create(name, context.server().uri()),
            reader -> reader.label() + ", " + share + "% hot", reader -> measure(context, reader, share, true)));
      }
      // The hit path alone: nothing invalidates, so no miss parks the reader and cools its CPU caches.
      rows.add(context.withClient(name, () -> CachedReaders.create(name, context.server().uri()),
          reader -> reader.label() + NO_WRITER, reader -> measure(context, reader, 100, false)));
    }
    return rows;
  }

  private static Row measure(BenchContext context, CachedReader reader, int hotShare, boolean withWriter) {
    AtomicLong reads = new AtomicLong();
    AtomicBoolean running = new AtomicBoolean(true);
    Thread writer = withWriter ? new Thread(() -> writeOnePerTenReads(context.server().uri(), reads, running), "cache-bench-writer") : null;
    if (writer != null) {
      writer.start();
    }
    try {
      long[] coldCursor = {ThreadLocalRandom.current().nextInt(COLD_KEYS)};
      readFor(reader, hotShare, WARMUP, reads, coldCursor, null);
      long hitsBefore = reader.hits();
      long missesBefore = reader.misses();
      Histogram latencies = new Histogram(3);
      Histogram hitLatencies = new Histogram(3);
      long count = readFor(reader, hotShare, WINDOW, reads, coldCursor, latencies);
      for (var value : latencies.recordedValues()) {
        if (value.getValueIteratedTo() < HIT_CEILING_NANOS) {
          hitLatencies.recordValueWithCount(value.getValueIteratedTo(), value.getCountAtValueIteratedTo());
        }
      }
      long hits = reader.hits() - hitsBefore;
      long misses = reader.misses() - missesBefore;
      double hitRate = hitsBefore < 0 ? Double.NaN : 100.0 * hits / Math.max(1, hits + misses);
      return new Row(reader.label() + (withWriter ? ", " + hotShare + "% hot" : NO_WRITER))
          .metric("ops", count / (double) WINDOW.toSeconds())
          .metric("hitRate", hitRate)
          .metric("p50", latencies.getValueAtPercentile(50) / 1000.0)
          .metric("p99", latencies.getValueAtPercentile(99) / 1000.0)
          .metric("p999", latencies.getValueAtPercentile(99.9) / 1000.0)
          .metric("hitP50", hitLatencies.getTotalCount() == 0 ? Double.NaN : hitLatencies.getValueAtPercentile(50) / 1000.0)
          .metric("hitP99", hitLatencies.getTotalCount() == 0 ? Double.NaN : hitLatencies.getValueAtPercentile(99) / 1000.0)
          .metric("fastest", latencies.getMinValue() / 1000.0)
          .text("held", reader.held());
    } finally {
      running.set(false);
      try {
        if (writer != null) {
          writer.join();
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  private static long readFor(CachedReader reader, int hotShare, Duration window, AtomicLong reads, long[] coldCursor,
                              Histogram latencies) {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    long end = System.nanoTime() + window.toNanos();
    long count = 0;
    while (true) {
      String key = random.nextInt(100) < hotShare ? "hot:" + random.nextInt(HOT_KEYS)
          : "cold:" + (coldCursor[0]++ % COLD_KEYS);
      long before = System.nanoTime();
      if (reader.get(key) == null) {
        throw new IllegalStateException("GET " + key + " returned nil");
      }
      long after = System.nanoTime();
      if (latencies != null) {
        latencies.recordValue(after - before);
      }
      count++;
      reads.lazySet(reads.get() + 1); // only this thread writes it; the writer only paces itself on it
      if (after - end >= 0) {
        return count;
      }
    }
  }

  /** Another application: SETs a random hot key whenever the reader has done ten more reads. */
  private static void writeOnePerTenReads(String uri, AtomicLong reads, AtomicBoolean running) {
    try (RedisClient writer = RedisClient.create(uri)) {
      long writes = 0;
      ThreadLocalRandom random = ThreadLocalRandom.current();
      while (running.get()) {
        if (writes < reads.get() / 10) {
          writer.set("hot:" + random.nextInt(HOT_KEYS), Keyspace.SMALL_VALUE);
          writes++;
        } else {
          LockSupport.parkNanos(20_000);
        }
      }
    }
  }

  @Override
  public Table table(List<Row> rows, BenchContext context) {
    Table table = new Table(title(), List.of("client, hot-key share", "GETs/s", "hit rate", "p50 us", "p99 us",
        "p99.9 us", "hit p50 us", "hit p99 us", "cache held at the end"));
    StringBuilder fastestMisses = new StringBuilder();
    for (Row row : rows) {
      table.row(List.of(row.label(), Format.count(row.metric("ops")), percent(row.metric("hitRate")),
          twoDecimals(row.metric("p50")), twoDecimals(row.metric("p99")), twoDecimals(row.metric("p999")),
          twoDecimals(row.metric("hitP50")), twoDecimals(row.metric("hitP99")),
          row.text("held").isEmpty() ? Format.errors(row) : row.text("held")));
      if (row.label().endsWith(", 0% hot") && !Double.isNaN(row.metric("fastest"))) {
        fastestMisses.append(fastestMisses.length() == 0 ? "" : ", ").append(row.label(), 0, row.label().indexOf(','))
            .append(' ').append(twoDecimals(row.metric("fastest"))).append(" us");
      }
    }
    table.note("Hit p50/p99: reads that finished under " + HIT_CEILING_NANOS / 1000 + " us (every read at 0% hot goes to the server;"
        + " the fastest of those: " + fastestMisses + ").");
    return table
        .note("Blocking GETs from one thread; " + HOT_KEYS + " hot keys fit every cache, the " + COLD_KEYS
            + " cold keys are read in turn and so miss (a key space 50x the bound, so the last column shows the bound held).")
        .note("Bounds: Fastpath " + CachedReaders.FASTPATH_MAX_BYTES + " bytes; Lettuce an LRU map of "
            + CachedReaders.PEER_MAX_ENTRIES + " entries that the benchmark supplies (ClientSideCaching has no bound); Redisson "
            + CachedReaders.PEER_MAX_ENTRIES + " entries, LRU. Redisson does not report hits, so its hit rate is n/a.")
        .note("The \"no writer\" rows: the same reader with nothing invalidating its keys, so no miss parks it and"
            + " cools its CPU caches between hits: the cost of a hit alone.")
        .note("Each row: " + WARMUP.toSeconds() + " s warmup, " + WINDOW.toSeconds() + " s window; latency includes two System.nanoTime calls."
            + " Before its rows each client runs one unmeasured 50%-hot row, so no row is measured on a cold JIT.");
  }

  static String twoDecimals(double micros) {
    return Double.isNaN(micros) ? Format.NOT_APPLICABLE : String.format(Locale.ROOT, micros < 10 ? "%.2f" : "%,.1f", micros);
  }

  private static String percent(double value) {
    return Double.isNaN(value) ? Format.NOT_APPLICABLE : String.format(Locale.ROOT, "%.1f%%", value);
  }
}
