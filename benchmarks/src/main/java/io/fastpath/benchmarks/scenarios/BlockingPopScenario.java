package io.fastpath.benchmarks.scenarios;

import io.fastpath.RedisClient;
import io.fastpath.benchmarks.BenchContext;
import io.fastpath.benchmarks.CallerLoop;
import io.fastpath.benchmarks.Format;
import io.fastpath.benchmarks.Keyspace;
import io.fastpath.benchmarks.LoopResult;
import io.fastpath.benchmarks.Row;
import io.fastpath.benchmarks.Scenario;
import io.fastpath.benchmarks.Table;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;
import io.lettuce.core.api.StatefulRedisConnection;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * (i) Blocking commands beside shared traffic: 64 callers of small GETs, alone and then while 32 more
 * callers keep doing BLPOP on empty lists (each waiting 200 ms, then again) through the same client.
 * A client that put a BLPOP on a connection its GETs share would hold those GETs for the whole block;
 * Fastpath sends BLPOPs on its pooled dedicated connections, so the GETs' p99 should stay within 1.5x.
 * Lettuce runs twice: BLPOPs on its one shared connection (the GETs then wait behind them), and on a
 * second connection of their own, as its documentation advises (the 32 BLPOPs then wait for each other).
 */
public final class BlockingPopScenario implements Scenario {

  static final int GET_CALLERS = 64;
  static final int BLPOP_CALLERS = 32;
  private static final Duration BLOCK = Duration.ofMillis(200);

  @Override
  public String id() {
    return "i";
  }

  @Override
  public String title() {
    return "(i) " + GET_CALLERS + " callers doing GETs, without and with " + BLPOP_CALLERS
        + " callers doing BLPOP on empty lists";
  }

  @Override
  public List<Row> runRound(BenchContext context, List<String> clients) {
    List<Row> rows = new ArrayList<>();
    String uri = context.server().uri();
    for (String name : clients) {
      List<Supplier<PopClient>> setups = switch (name) {
        case "fastpath" -> List.of(() -> PopClient.fastpath(uri));
        case "lettuce" -> List.of(() -> PopClient.lettuce(uri, false), () -> PopClient.lettuce(uri, true));
        default -> List.of();
      };
      for (Supplier<PopClient> setup : setups) {
        context.prepareServer(admin -> admin.setAll(Keyspace.smallKeys(), Keyspace.SMALL_VALUE_BYTES));
        rows.add(context.withClient(name, setup, PopClient::label, client -> measure(context, client)));
      }
    }
    return rows;
  }

  private static Row measure(BenchContext context, PopClient client) {
    CallerLoop.Call get = (caller, iteration) -> {
      String value = client.get(Keyspace.smallKey(ThreadLocalRandom.current().nextInt(Keyspace.SMALL_KEY_COUNT)));
      if (value == null || value.length() != Keyspace.SMALL_VALUE.length()) {
        throw new IllegalStateException("GET returned a wrong value");
      }
    };
    CallerLoop.run(GET_CALLERS, context.options().warmup, get);
    BenchContext.collectGarbage();
    LoopResult alone = CallerLoop.run(GET_CALLERS, context.options().duration, get);
    BenchContext.collectGarbage();
    BlockingPoppers poppers = BlockingPoppers.start(client);
    LoopResult withBlpop;
    try {
      withBlpop = CallerLoop.run(GET_CALLERS, context.options().duration, get);
    } finally {
      poppers.stop();
    }
    Row row = new Row(client.label());
    alone.addTo(row, "alone-");
    withBlpop.addTo(row, "blpop-");
    row.metric("blpops", poppers.completedPerSecond())
        .metric("popper-errors", poppers.errors.get());
    if (poppers.firstError.get() != null) {
      row.text("error", LoopResult.describe(poppers.firstError.get()));
    }
    return row;
  }

  /** A client as this scenario uses it: GET, BLPOP with a timeout (null when it passes), close. */
  private interface PopClient extends AutoCloseable {
    String label();

    String get(String key);

    Object blpop(Duration timeout, String key);

    @Override
    void close();

    /** Fastpath as documented: one client; BLPOPs go to its pooled dedicated connections by themselves. */
    static PopClient fastpath(String uri) {
      RedisClient client = RedisClient.builder().uri(uri).blockingConnectionsPerNode(BLPOP_CALLERS).build();
      return new PopClient() {
        public String label() {
          return "fastpath (blockingConnectionsPerNode " + BLPOP_CALLERS + ")";
        }

        public String get(String key) {
          return client.get(key);
        }

        public Object blpop(Duration timeout, String key) {
          return client.blpop(timeout, key);
        }

        public void close() {
          client.close();
        }
      };
    }

    /**
     * Lettuce with its one shared connection; {@code separateBlockingConnection} gives the BLPOPs a second
     * connection of their own, as Lettuce's documentation advises for blocking commands.
     */
    static PopClient lettuce(String uri, boolean separateBlockingConnection) {
      io.lettuce.core.RedisClient client = io.lettuce.core.RedisClient.create(uri);
      StatefulRedisConnection<String, String> shared = client.connect();
      StatefulRedisConnection<String, String> blocking = separateBlockingConnection ? client.connect() : shared;
      return new PopClient() {
        public String label() {
          return separateBlockingConnection ? "lettuce (BLPOPs on a second connection)" : "lettuce (one shared connection)";
        }

        public String get(String key) {
          return shared.sync().get(key);
        }

        public Object blpop(Duration timeout, String key) {
          return blocking.sync().blpop(timeout.toMillis() / 1000.0, key);
        }

        public void close() {
          shared.close();
          if (blocking != shared) {
            blocking.close();
          }
          client.shutdown();
        }
      };
    }
  }

  /** The 32 BLPOP callers: each loops on its own empty list until stopped; a non-null pop is an error. */
  private static final class BlockingPoppers {
    final AtomicBoolean running = new AtomicBoolean(true);
    final AtomicLong completed = new AtomicLong();
    final AtomicLong errors = new AtomicLong();
    final AtomicReference<Throwable> firstError = new AtomicReference<>();
    final List<Thread> threads = new ArrayList<>();
    /** From the first BLPOP to the last one's return, so the rate counts the calls that ran after the window too. */
    long startedNanos;
    long stoppedNanos;

    static BlockingPoppers start(PopClient client) {
      BlockingPoppers poppers = new BlockingPoppers();
      poppers.startedNanos = System.nanoTime();
      for (int i = 0; i < BLPOP_CALLERS; i++) {
        String list = "empty-list:" + i;
        Thread thread = new Thread(() -> {
          while (poppers.running.get()) {
            try {
              Object popped = client.blpop(BLOCK, list);
              if (popped != null) {
                throw new IllegalStateException("BLPOP on an empty list returned " + popped);
              }
              poppers.completed.incrementAndGet();
            } catch (RuntimeException e) {
              poppers.errors.incrementAndGet();
              poppers.firstError.compareAndSet(null, e);
            }
          }
        }, "bench-blpop-" + i);
        poppers.threads.add(thread);
        thread.start();
      }
      return poppers;
    }

    void stop() {
      running.set(false);
      for (Thread thread : threads) {
        try {
          thread.join();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
      }
      stoppedNanos = System.nanoTime();
    }

    double completedPerSecond() {
      return completed.get() * 1e9 / Math.max(1, stoppedNanos - startedNanos);
    }
  }

  @Override
  public Table table(List<Row> rows, BenchContext context) {
    Table table = new Table(title(), List.of("client", "GET ops/s alone", "GET p99 us alone",
        "GET ops/s with BLPOPs", "GET p99 us with BLPOPs", "p99 with / alone", "BLPOPs/s", "errors"));
    for (Row row : rows) {
      double alone = row.metric("alone-p99");
      double withBlpop = row.metric("blpop-p99");
      double errors = row.metric("alone-errors") + row.metric("blpop-errors") + row.metric("popper-errors");
      String error = row.text("error");
      table.row(List.of(row.label(), Format.count(row.metric("alone-ops")), Format.micros(alone),
          Format.count(row.metric("blpop-ops")), Format.micros(withBlpop), Format.ratio(withBlpop, alone),
          Format.count(row.metric("blpops")), Format.count(errors) + (error.isEmpty() ? "" : " (" + error + ")")));
    }
    return table
        .note("Each BLPOP waits " + BLOCK.toMillis() + " ms on its own empty list, then starts again, through the same"
            + " client as the GETs; the target is a GET p99 with BLPOPs within 1.5x of the p99 alone.")
        .note(Format.window(context.options()) + " GETs run alone first, then beside the BLPOP callers.");
  }
}
