package io.fastpath.benchmarks.scenarios;

import io.fastpath.benchmarks.BenchClient;
import io.fastpath.benchmarks.BenchContext;
import io.fastpath.benchmarks.CallerLoop;
import io.fastpath.benchmarks.Format;
import io.fastpath.benchmarks.Keyspace;
import io.fastpath.benchmarks.LoopResult;
import io.fastpath.benchmarks.LoopTable;
import io.fastpath.benchmarks.Row;
import io.fastpath.benchmarks.Scenario;
import io.fastpath.benchmarks.Table;
import java.util.ArrayList;
import java.util.List;

/**
 * (a) One thread, one command at a time: SET a key, wait, GET it, wait. This is the latency of a
 * single round trip through each client, with nothing to batch.
 */
public final class SequentialScenario implements Scenario {

  @Override
  public String id() {
    return "a";
  }

  @Override
  public boolean sweepsFastpathConnections() {
    return true;
  }

  @Override
  public String title() {
    return "(a) Sequential: one thread, awaited SET then GET";
  }

  @Override
  public List<Row> runRound(BenchContext context, List<String> clients) {
    List<Row> rows = new ArrayList<>();
    for (String name : clients) {
      context.prepareServer(admin -> admin.setAll(Keyspace.smallKeys(), Keyspace.SMALL_VALUE_BYTES));
      rows.add(context.withClient(name, client -> measure(context, client)));
    }
    return rows;
  }

  private static Row measure(BenchContext context, BenchClient client) {
    CallerLoop.Call setThenGet = (caller, iteration) -> {
      String key = Keyspace.smallKey((int) ((iteration >> 1) % Keyspace.SMALL_KEY_COUNT));
      if ((iteration & 1) == 0) {
        client.set(key, Keyspace.SMALL_VALUE);
      } else if (client.get(key) == null) {
        throw new IllegalStateException("GET " + key + " returned nil");
      }
    };
    CallerLoop.run(1, context.options().warmup, setThenGet);
    BenchContext.collectGarbage();
    LoopResult result = CallerLoop.run(1, context.options().duration, setThenGet);
    return result.addTo(new Row(client.label()), "");
  }

  @Override
  public Table table(List<Row> rows, BenchContext context) {
    Table table = LoopTable.of(title(), rows, "vs jedis");
    return table.note("Blocking API; each SET and each GET is one op and one latency sample.")
        .note(Format.window(context.options()));
  }
}
