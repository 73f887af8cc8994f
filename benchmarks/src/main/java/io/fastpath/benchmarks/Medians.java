package io.fastpath.benchmarks;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Folds the rows of repeated rounds into one row per client holding each metric's median, so one
 * noisy round on a shared machine does not decide the result.
 */
public final class Medians {

  private Medians() {}

  public static List<Row> of(List<List<Row>> rounds) {
    Map<String, List<Row>> byLabel = new LinkedHashMap<>();
    for (List<Row> round : rounds) {
      for (Row row : round) {
        byLabel.computeIfAbsent(row.label(), label -> new ArrayList<>()).add(row);
      }
    }
    List<Row> medians = new ArrayList<>();
    for (Map.Entry<String, List<Row>> entry : byLabel.entrySet()) {
      List<Row> rows = entry.getValue();
      Row median = new Row(entry.getKey());
      for (String name : rows.get(0).metrics().keySet()) {
        median.metric(name, median(rows.stream().mapToDouble(row -> row.metric(name)).toArray()));
      }
      for (Row row : rows) {
        row.texts().forEach((name, value) -> {
          if (!value.isEmpty() && median.text(name).isEmpty()) {
            median.text(name, value);
          }
        });
      }
      medians.add(median);
    }
    return medians;
  }

  /** The median of the values that are not NaN, or NaN when none is. */
  public static double median(double[] values) {
    double[] known = Arrays.stream(values).filter(v -> !Double.isNaN(v)).sorted().toArray();
    if (known.length == 0) {
      return Double.NaN;
    }
    int middle = known.length / 2;
    return known.length % 2 == 1 ? known[middle] : (known[middle - 1] + known[middle]) / 2;
  }
}
