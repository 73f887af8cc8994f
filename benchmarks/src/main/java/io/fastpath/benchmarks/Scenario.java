package io.fastpath.benchmarks;

import java.util.List;

/**
 * One benchmark scenario: a round runs every client through it one after another, and the table
 * shows the (median) rows of all rounds.
 */
public interface Scenario {

  /** The letter used with {@code --scenarios}. */
  String id();

  String title();

  List<Row> runRound(BenchContext context, List<String> clients);

  Table table(List<Row> rows, BenchContext context);

  /** Every table the scenario reports; one, {@link #table}, unless it needs more. */
  default List<Table> tables(List<Row> rows, BenchContext context) {
    return List.of(table(rows, context));
  }

  /** Whether {@code --metrics} runs Fastpath (and Lettuce) once per metrics mode here. */
  default boolean comparesMetrics() {
    return false;
  }

  /** Whether {@code --fastpath-connections} runs Fastpath once per connection count here. */
  default boolean sweepsFastpathConnections() {
    return false;
  }
}
