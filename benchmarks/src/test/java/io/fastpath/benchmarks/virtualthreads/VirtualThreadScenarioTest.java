package io.fastpath.benchmarks.virtualthreads;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.benchmarks.BenchContext;
import io.fastpath.benchmarks.BenchOptions;
import io.fastpath.benchmarks.Medians;
import io.fastpath.benchmarks.Row;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class VirtualThreadScenarioTest {

  private static final long SECOND = 1_000_000_000L;

  private static VirtualCallerResult result(int callers, long operations, int starved, Map<String, Long> failures) {
    Histogram latency = new Histogram(3);
    for (long i = 0; i < operations; i++) {
      latency.recordValue(100_000);
    }
    return new VirtualCallerResult(callers, operations, starved, 0, 0, failures, latency, SECOND, operations * 5_000,
        failures.isEmpty() ? null : new IllegalStateException("inflight requests limit"));
  }

  @Test
  void theFailedCellIsTheMedianTotalThenEachClassMedianOverRoundsCountingARoundWithoutItAsZero() {
    VirtualThreadScenario scenario = new VirtualThreadScenario(List.of(10_000));
    PinnedEvents.Count none = new PinnedEvents.Count(0, Map.of());
    List<List<Row>> rounds = List.of(
        List.of(scenario.toRow("glide (GlideClient, defaults)", result(10_000, 50, 9_000, Map.of("RequestException", 900L)), none)),
        List.of(scenario.toRow("glide (GlideClient, defaults)", result(10_000, 60, 9_100,
            Map.of("RequestException", 700L, "TimeoutException", 4L)), none)),
        List.of(scenario.toRow("glide (GlideClient, defaults)", result(10_000, 40, 8_900,
            Map.of("RequestException", 800L, "TimeoutException", 6L)), none)));

    String markdown = scenario.table(Medians.of(rounds), new BenchContext(new BenchOptions(), null)).toMarkdown();

    assertThat(markdown).contains("| glide (GlideClient, defaults) | 10,000 | 50 | n/a | 100 | 100 | 100 | 5.0 | 0 | 9,000 | 806"
        + " (RequestException 800, TimeoutException 4) |");
  }

  @Test
  void eachRowIsComparedWithFastpathAtTheSameThreadCountWithItsPinnedSiteAndStarvedThreads() {
    VirtualThreadScenario scenario = new VirtualThreadScenario(List.of(100, 1_000));
    List<Row> rows = List.of(
        scenario.toRow("fastpath", result(100, 200_000, 0, Map.of()), new PinnedEvents.Count(0, Map.of())),
        scenario.toRow("jedis (default pool, max 8)", result(100, 100_000, 40, Map.of()),
            new PinnedEvents.Count(3, Map.of("redis.clients.jedis.Connection.flush", 3L))),
        scenario.toRow("fastpath", result(1_000, 400_000, 0, Map.of()), new PinnedEvents.Count(0, Map.of())),
        scenario.toRow("jedis (default pool, max 8)", result(1_000, 100_000, 981, Map.of()),
            new PinnedEvents.Count(0, Map.of())));

    String markdown = scenario.table(Medians.of(List.of(rows)), new BenchContext(new BenchOptions(), null)).toMarkdown();

    assertThat(markdown).contains("| jedis (default pool, max 8) | 100 | 100,000 | 0.50x |")
        .contains("| 3 (most at redis.clients.jedis.Connection.flush) | 40 | 0 |")
        .contains("| jedis (default pool, max 8) | 1,000 | 100,000 | 0.25x |")
        .contains("| 0 | 981 | 0 |");
  }
}
