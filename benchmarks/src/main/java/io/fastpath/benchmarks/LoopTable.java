package io.fastpath.benchmarks;

import java.util.List;

/** The table of a caller-loop scenario: ops/s and its ratios to Fastpath, Lettuce and Jedis, percentiles, CPU per op. */
public final class LoopTable {
  private LoopTable() {
  }

  /** One line per row of {@link LoopResult#addTo}; {@code jedisColumn} names how Jedis was set up. */
  public static Table of(String title, List<Row> rows, String jedisColumn) {
    double fastpath = Format.reference(rows, "fastpath", "ops");
    double lettuce = Format.reference(rows, "lettuce", "ops");
    double jedis = Format.reference(rows, "jedis", "ops");
    Table table = new Table(title, List.of("client", "ops/s", "vs fastpath", "vs lettuce",
        jedisColumn, "p50 us", "p99 us", "p99.9 us", "CPU us/op", "errors"));
    for (Row row : rows) {
      double ops = row.metric("ops");
      table.row(List.of(row.label(), Format.count(ops), Format.ratio(ops, fastpath),
          Format.ratio(ops, lettuce), Format.ratio(ops, jedis), Format.micros(row.metric("p50")),
          Format.micros(row.metric("p99")), Format.micros(row.metric("p999")),
          Format.micros(row.metric("cpu")), Format.errors(row)));
    }
    return table;
  }
}
