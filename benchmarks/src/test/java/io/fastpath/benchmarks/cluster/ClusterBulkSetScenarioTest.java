package io.fastpath.benchmarks.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.benchmarks.BenchContext;
import io.fastpath.benchmarks.BenchOptions;
import io.fastpath.benchmarks.Row;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClusterBulkSetScenarioTest {

  /** A mode not run (NaN seconds) has NaN for every one of its metrics, as {@code BulkSets.notMeasured} writes. */
  private static Row measured(String label, double asyncSeconds, double bulkSeconds, String bulkMode) {
    Row row = new Row(label)
        .metric("async-seconds", asyncSeconds).metric("async-ops", 1_000_000 / asyncSeconds).metric("async-cpu", 1.5 * asyncSeconds / asyncSeconds)
        .metric("bulk-seconds", bulkSeconds).metric("bulk-ops", 1_000_000 / bulkSeconds).metric("bulk-cpu", 0.75 * bulkSeconds / bulkSeconds);
    return bulkMode == null ? row : row.text("bulk-mode", bulkMode);
  }

  private static final List<Row> ROWS = List.of(
      measured("fastpath", 2.0, Double.NaN, null),
      measured("jedis (RedisClusterClient, default pool per node)", Double.NaN, 1.8, "pipelined(shared executor) (ClusterPipeline), sync() per batch"),
      measured("vertx (held connection)", 4.0, 1.6, "batch() per node (RedisCluster.groupByNodes) per batch"));

  @Test
  void theBestPeerIsTheFastestModeOfAnyClientButFastpath() {
    ClusterBulkSetScenario.BestPeerMode best = ClusterBulkSetScenario.bestPeerMode(ROWS);

    assertThat(best.label()).isEqualTo("vertx (held connection)");
    assertThat(best.mode()).isEqualTo("batch() per node (RedisCluster.groupByNodes) per batch");
    assertThat(best.opsPerSecond()).isEqualTo(1_000_000 / 1.6);
  }

  @Test
  void fastpathsRowGivesItsPlainAsyncAgainstTheBestPeersBulkModeWithCpuPerSet() {
    String markdown = new ClusterBulkSetScenario(6).table(ROWS, new BenchContext(new BenchOptions(), null)).toMarkdown();

    assertThat(markdown).contains("| fastpath | 2.00 | 500,000 | 0.80x | 1.5 | n/a | n/a | n/a | n/a | n/a | 0 |");
    assertThat(markdown).contains("| vertx (held connection) | 4.00 | 250,000 | 0.40x | 1.5 | batch() per node");
    assertThat(markdown).contains("the first 100,000 keys through the same path");
    assertThat(markdown).contains("here vertx (held connection), batch() per node (RedisCluster.groupByNodes) per batch");
  }

  @Test
  void withoutAnyPeerTheRatiosAreNotApplicable() {
    ClusterBulkSetScenario.BestPeerMode best = ClusterBulkSetScenario.bestPeerMode(List.of(ROWS.get(0)));

    assertThat(best.describe()).isEqualTo("none (no peer completed)");
    assertThat(new ClusterBulkSetScenario(6).table(List.of(ROWS.get(0)), new BenchContext(new BenchOptions(), null))
        .toMarkdown()).contains("| fastpath | 2.00 | 500,000 | n/a |");
  }
}
