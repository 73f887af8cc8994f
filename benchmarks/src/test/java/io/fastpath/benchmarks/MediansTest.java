package io.fastpath.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class MediansTest {

  @Test
  void eachMetricIsTheMedianOfItsRoundsInTheFirstRoundsOrder() {
    List<Row> first = List.of(new Row("b").metric("ops", 5), new Row("a").metric("ops", 1));
    List<Row> second = List.of(new Row("a").metric("ops", 3), new Row("b").metric("ops", 7));
    List<Row> third = List.of(new Row("b").metric("ops", 6), new Row("a").metric("ops", 2));

    List<Row> medians = Medians.of(List.of(first, second, third));

    assertThat(medians).extracting(Row::label).containsExactly("b", "a");
    assertThat(medians.get(0).metric("ops")).isEqualTo(6);
    assertThat(medians.get(1).metric("ops")).isEqualTo(2);
  }

  @Test
  void missingValuesAreIgnoredAndAllMissingStaysMissing() {
    assertThat(Medians.median(new double[] {Double.NaN, 4, 2})).isEqualTo(3);
    assertThat(Medians.median(new double[] {Double.NaN})).isNaN();
  }

  @Test
  void theFirstErrorTextOfAnyRoundIsKept() {
    List<Row> clean = List.of(new Row("a").metric("ops", 1));
    List<Row> failed = List.of(new Row("a").metric("ops", 1).text("error", "boom"));

    assertThat(Medians.of(List.of(clean, failed)).get(0).text("error")).isEqualTo("boom");
  }
}
