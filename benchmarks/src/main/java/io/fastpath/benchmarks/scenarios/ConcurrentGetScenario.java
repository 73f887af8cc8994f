package io.fastpath.benchmarks.scenarios;

import io.fastpath.benchmarks.BenchClient;
import io.fastpath.benchmarks.BenchClients;
import io.fastpath.benchmarks.BenchContext;
import io.fastpath.benchmarks.CallerLoop;
import io.fastpath.benchmarks.Format;
import io.fastpath.benchmarks.Keyspace;
import io.fastpath.benchmarks.LoopResult;
import io.fastpath.benchmarks.LoopTable;
import io.fastpath.benchmarks.MetricsOverhead;
import io.fastpath.benchmarks.Row;
import io.fastpath.benchmarks.RueidisProcess;
import io.fastpath.benchmarks.Scenario;
import io.fastpath.benchmarks.Table;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * (c) Many application threads sharing one client, each doing blocking GETs: how well a client
 * turns concurrent callers into throughput, and what each GET costs in client CPU.
 *
 * <p>Jedis runs twice: with its default pool, as most applications use it, and with a pool as
 * large as the caller count.
 */
public final class ConcurrentGetScenario implements Scenario {

  /** Caller threads (--callers). */
  private final int callers;

  public ConcurrentGetScenario(int callers) {
    this.callers = callers;
  }

  @Override
  public String id() {
    return "c";
  }

  @Override
  public boolean sweepsFastpathConnections() {
    return true;
  }

  @Override
  public boolean comparesMetrics() {
    return true;
  }

  @Override
  public String title() {
    return "(c) " + callers + " caller threads doing blocking GETs";
  }

  @Override
  public List<Row> runRound(BenchContext context, List<String> clients) {
    List<Row> rows = new ArrayList<>();
    for (String name : withTunedJedis(clients)) {
      context.prepareServer(admin -> admin.setAll(Keyspace.smallKeys(), Keyspace.SMALL_VALUE_BYTES));
      if (name.equals(BenchClients.RUEIDIS)) {
        rows.add(rueidis(context));
      } else {
        rows.add(context.withClient(name, client -> measure(context, client)));
      }
    }
    return rows;
  }

  private static List<String> withTunedJedis(List<String> clients) {
    List<String> expanded = new ArrayList<>();
    for (String name : clients) {
      expanded.add(name);
      if (name.equals(BenchClients.JEDIS) && !clients.contains(BenchClients.JEDIS_TUNED)) {
        expanded.add(BenchClients.JEDIS_TUNED);
      }
    }
    return expanded;
  }

  /** The same GETs from as many goroutines through rueidis, in its own process (an error row if it cannot run). */
  private Row rueidis(BenchContext context) {
    try {
      return RueidisProcess.run(context, callers);
    } catch (RuntimeException failed) {
      context.note("rueidis could not run: " + failed.getMessage());
      return new Row(BenchClients.RUEIDIS).text("error", failed.getMessage());
    }
  }

  private Row measure(BenchContext context, BenchClient client) {
    CallerLoop.Call get = (caller, iteration) -> {
      String key = Keyspace.smallKey(ThreadLocalRandom.current().nextInt(Keyspace.SMALL_KEY_COUNT));
      if (client.get(key) == null) {
        throw new IllegalStateException("GET " + key + " returned nil");
      }
    };
    CallerLoop.run(callers, context.options().warmup, get);
    BenchContext.collectGarbage();
    LoopResult result = CallerLoop.run(callers, context.options().duration, get);
    return result.addTo(new Row(client.label()), "");
  }

  @Override
  public Table table(List<Row> rows, BenchContext context) {
    Table table = LoopTable.of(title(), rows, "vs jedis (default pool)");
    return table
        .note("Blocking GETs of random keys among " + Format.count(Keyspace.SMALL_KEY_COUNT)
            + " preloaded 64-byte values; async-only Vert.x joins each future on the caller thread; rueidis (Go,"
            + " its own process, client-side cache off) runs as many goroutines, and its CPU per op is its process's.")
        .note(MetricsOverhead.note(rows, "cpu"))
        .note(Format.window(context.options()));
  }
}
