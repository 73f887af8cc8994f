package io.fastpath.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class BenchOptionsTest {

  @Test
  void quickProfileIsOverriddenByExplicitOptionsInAnyOrder() {
    BenchOptions options = BenchOptions.parse(new String[] {"--duration", "7s", "--quick", "--count=5000"});

    assertThat(options.quick).isTrue();
    assertThat(options.duration).isEqualTo(Duration.ofSeconds(7));
    assertThat(options.warmup).isEqualTo(Duration.ofSeconds(2));
    assertThat(options.bulkCount).isEqualTo(5000);
  }

  @Test
  void metricsModesAreCheckedWhenParsed() {
    assertThat(BenchOptions.parse(new String[] {"--metrics", "off,Micrometer,otel"}).metrics)
        .containsExactly("off", "micrometer", "otel");
    assertThat(BenchOptions.parse(new String[0]).metrics).containsExactly("off");
    assertThatThrownBy(() -> BenchOptions.parse(new String[] {"--metrics", "prometheus"}))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("unknown metrics mode prometheus");
  }

  @Test
  void listsAreTrimmedAndLowerCased() {
    BenchOptions options = BenchOptions.parse(new String[] {"--clients", "Lettuce, jedis", "--scenarios", "a,C"});

    assertThat(options.clients).isEqualTo(List.of("lettuce", "jedis"));
    assertThat(options.scenarios).isEqualTo(List.of("a", "c"));
  }

  @Test
  void sweepAndClusterOptionsAreParsed() {
    BenchOptions options = BenchOptions.parse(
        new String[] {"--fastpath-connections", "1,2, 8", "--cluster-nodes=6,12", "--cluster-rate", "20_000"});

    assertThat(options.fastpathConnections).isEqualTo(List.of(1, 2, 8));
    assertThat(options.clusterNodes).isEqualTo(List.of(6, 12));
    assertThat(options.clusterRate).isEqualTo(20_000);
  }

  @Test
  void theCallerCountOfCAndFIsSixtyFourUnlessGivenAndAtLeastOne() {
    assertThat(BenchOptions.parse(new String[0]).callers).isEqualTo(64);
    BenchOptions light = BenchOptions.parse(new String[] {"--callers", "4"});
    assertThat(light.callers).isEqualTo(4);
    assertThat(light.describe()).contains("callers=4");
    assertThatThrownBy(() -> BenchOptions.parse(new String[] {"--callers", "0"}))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("--callers must be at least 1");
  }

  @Test
  void theClusterBulkScenarioIsNamedWithItsClusterSizesButNotRunByDefault() {
    BenchOptions options = BenchOptions.parse(new String[] {"--scenarios", "l", "--cluster-nodes", "6,12"});

    assertThat(options.describe()).contains("scenarios=l").contains("cluster-nodes=6,12");
    assertThat(BenchOptions.parse(new String[0]).scenarios).doesNotContain("l");
    assertThat(BenchOptions.usage()).contains("  l b on a local cluster");
  }

  @Test
  void defaultsRunEveryScenarioWithoutASweepOnSixPrimaries() {
    BenchOptions options = BenchOptions.parse(new String[0]);

    assertThat(options.scenarios).isEqualTo(List.of("a", "b", "c", "d", "e", "f"));
    assertThat(options.fastpathConnections).isEmpty();
    assertThat(options.clusterNodes).isEqualTo(List.of(6));
  }

  @Test
  void durationsAcceptUnitsAndBareSeconds() {
    assertThat(BenchOptions.parseDuration("500ms")).isEqualTo(Duration.ofMillis(500));
    assertThat(BenchOptions.parseDuration("1.5s")).isEqualTo(Duration.ofMillis(1500));
    assertThat(BenchOptions.parseDuration("2m")).isEqualTo(Duration.ofMinutes(2));
    assertThat(BenchOptions.parseDuration("3")).isEqualTo(Duration.ofSeconds(3));
  }

  @Test
  void unknownOptionsAreRejected() {
    assertThatThrownBy(() -> BenchOptions.parse(new String[] {"--speed", "fast"}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("--speed");
  }
}
