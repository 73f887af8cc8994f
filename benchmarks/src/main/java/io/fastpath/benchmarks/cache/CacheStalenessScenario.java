package io.fastpath.benchmarks.cache;

import io.fastpath.RedisClient;
import io.fastpath.benchmarks.BenchContext;
import io.fastpath.benchmarks.Format;
import io.fastpath.benchmarks.Row;
import io.fastpath.benchmarks.Scenario;
import io.fastpath.benchmarks.Table;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;

/**
 * (g2) Staleness: another, uncached client sets one key to 1, 2, ... 2,000 (about 0.5 ms apart, each
 * awaited), while one thread reads it through the cache in a loop. A read is late-stale when it started
 * more than 1 ms after some update was acknowledged and still returned an older value. The staleness
 * window of an update runs from its acknowledgement to the end of the first read that returned it (or a
 * later one); 0 when a read saw it before the writer had its acknowledgement.
 */
public final class CacheStalenessScenario implements Scenario {
  private static final int UPDATES = 2_000;
  private static final String KEY = "stale:key";
  private static final long LATE_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

  @Override
  public String id() {
    return "g";
  }

  @Override
  public String title() {
    return "(g2) Client-side cache staleness after another client's acknowledged write, " + UPDATES + " updates";
  }

  @Override
  public List<Row> runRound(BenchContext context, List<String> clients) {
    List<Row> rows = new ArrayList<>();
    for (String name : clients) {
      if (CachedReaders.ALL.contains(name)) {
        context.prepareServer(admin -> admin.command("SET", KEY, "0"));
        rows.add(context.withClient(name, () -> CachedReaders.create(name, context.server().uri()),
            CachedReader::label, reader -> measure(context, reader)));
      }
    }
    return rows;
  }

  private static Row measure(BenchContext context, CachedReader reader) {
    AtomicLongArray ackNanos = new AtomicLongArray(UPDATES + 1);
    AtomicInteger acked = new AtomicInteger();
    reader.get(KEY); // cached before the first update
    Thread writer = new Thread(() -> {
      try (RedisClient client = RedisClient.create(context.server().uri())) {
        for (int update = 1; update <= UPDATES; update++) {
          client.set(KEY, Integer.toString(update));
          ackNanos.set(update, System.nanoTime());
          acked.set(update);
          LockSupport.parkNanos(500_000);
        }
      }
    }, "cache-staleness-writer");
    writer.start();
    Histogram windows = new Histogram(3);
    long reads = 0;
    long lateStale = 0;
    int seen = 0;
    int lateBound = 0; // the newest update acknowledged more than 1 ms before the current read started
    long giveUpAt = Long.MAX_VALUE;
    while (seen < UPDATES && System.nanoTime() < giveUpAt) {
      long before = System.nanoTime();
      int value = Integer.parseInt(reader.get(KEY));
      long after = System.nanoTime();
      reads++;
      int newestAcked = acked.get();
      while (lateBound < newestAcked && before - ackNanos.get(lateBound + 1) > LATE_NANOS) {
        lateBound++;
      }
      if (value < lateBound) {
        lateStale++;
      }
      for (int update = seen + 1; update <= value; update++) {
        long ack = ackNanos.get(update);
        windows.recordValue(ack == 0 ? 0 : Math.max(0, after - ack));
      }
      seen = Math.max(seen, value);
      if (newestAcked == UPDATES && giveUpAt == Long.MAX_VALUE) {
        giveUpAt = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
      }
    }
    try {
      writer.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return new Row(reader.label())
        .metric("reads", reads)
        .metric("lateStale", lateStale)
        .metric("unseen", UPDATES - seen)
        .metric("p50", windows.getValueAtPercentile(50) / 1000.0)
        .metric("p99", windows.getValueAtPercentile(99) / 1000.0)
        .metric("max", windows.getMaxValue() / 1000.0);
  }

  @Override
  public Table table(List<Row> rows, BenchContext context) {
    Table table = new Table(title(), List.of("client", "reads", "late-stale reads (> 1 ms after the ack)",
        "updates never seen", "window p50 us", "window p99 us", "window max us"));
    for (Row row : rows) {
      table.row(List.of(row.label(), Format.count(row.metric("reads")), Format.count(row.metric("lateStale")),
          Format.count(row.metric("unseen")), CacheHitRateScenario.twoDecimals(row.metric("p50")),
          CacheHitRateScenario.twoDecimals(row.metric("p99")), CacheHitRateScenario.twoDecimals(row.metric("max"))));
    }
    return table.note("Window: from the writer's acknowledgement to the end of the first read returning that update or a later one.");
  }
}
