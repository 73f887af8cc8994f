package io.fastpath.benchmarks;

import java.util.List;
import java.util.Locale;

/** Number formatting shared by every table, with n/a for a value a client could not produce. */
public final class Format {

  public static final String NOT_APPLICABLE = "n/a";

  private Format() {}

  public static String count(double value) {
    return Double.isNaN(value) ? NOT_APPLICABLE : String.format(Locale.ROOT, "%,.0f", value);
  }

  public static String micros(double value) {
    if (Double.isNaN(value)) {
      return NOT_APPLICABLE;
    }
    return String.format(Locale.ROOT, value < 100 ? "%.1f" : "%,.0f", value);
  }

  public static String seconds(double value) {
    return Double.isNaN(value) ? NOT_APPLICABLE : String.format(Locale.ROOT, "%.2f", value);
  }

  /** {@code value / reference} as for example {@code 1.25x}; n/a when either is missing. */
  public static String ratio(double value, double reference) {
    if (Double.isNaN(value) || Double.isNaN(reference) || reference == 0) {
      return NOT_APPLICABLE;
    }
    return String.format(Locale.ROOT, "%.2fx", value / reference);
  }

  /** The metric of the first row whose label starts with the client name, or NaN. */
  public static double reference(List<Row> rows, String client, String metric) {
    return rows.stream()
        .filter(row -> row.label().equals(client) || row.label().startsWith(client + " ("))
        .findFirst()
        .map(row -> row.metric(metric))
        .orElse(Double.NaN);
  }

  /** The error count, followed by the first error's message when there was one. */
  public static String errors(Row row) {
    String count = count(row.metric("errors"));
    String error = row.text("error");
    return error.isEmpty() ? count : count + " (" + error + ")";
  }

  /** The measuring window and warmup, for a table's notes. */
  public static String window(BenchOptions options) {
    String window = "Measured for " + options.duration.toMillis() / 1000.0
        + " s per client after a warmup of " + options.warmup.toMillis() / 1000.0 + " s.";
    return (window + " " + rounds(options)).trim();
  }

  /** How repeated rounds were combined, for a table's notes; empty for a single round. */
  public static String rounds(BenchOptions options) {
    return options.repeat == 1 ? ""
        : "Each value is the median of " + options.repeat + " rounds; the client order rotates each round.";
  }
}
