package io.fastpath.benchmarks;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The line under a table that compares each metrics row ({@code fastpath + micrometer}) with the same client
 * without metrics ({@code fastpath}): the difference in CPU per operation, the figure the observability
 * targets are stated in (at most +5% with Micrometer, +10% with every command traced).
 */
public final class MetricsOverhead {

  /** What joins a client's label and its metrics mode in a row label. */
  public static final String SEPARATOR = " + ";

  private MetricsOverhead() {}

  /** Empty when no row has metrics on. */
  public static String note(List<Row> rows, String cpuMetric) {
    List<String> parts = new ArrayList<>();
    for (Row row : rows) {
      int separator = row.label().indexOf(SEPARATOR);
      if (separator < 0) {
        continue;
      }
      String base = row.label().substring(0, separator);
      Optional<Row> plain = rows.stream().filter(other -> other.label().equals(base)).findFirst();
      if (plain.isEmpty()) {
        continue;
      }
      double with = row.metric(cpuMetric);
      double without = plain.get().metric(cpuMetric);
      if (Double.isNaN(with) || Double.isNaN(without) || without == 0) {
        continue;
      }
      parts.add(String.format(Locale.ROOT, "%s %+.1f%% (%.1f against %.1f us)", row.label(),
          (with / without - 1) * 100, with, without));
    }
    return parts.isEmpty() ? "" : "CPU per op with metrics on, against the same client with them off: "
        + String.join("; ", parts) + ".";
  }
}
