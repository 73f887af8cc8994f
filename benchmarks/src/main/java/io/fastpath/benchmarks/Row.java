package io.fastpath.benchmarks;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One client's numbers in one scenario: named metrics (NaN where the client cannot do the
 * operation) and named texts such as the bulk mode used or the first error seen.
 */
public final class Row {

  private final String label;
  private final Map<String, Double> metrics = new LinkedHashMap<>();
  private final Map<String, String> texts = new LinkedHashMap<>();

  public Row(String label) {
    this.label = label;
  }

  public String label() {
    return label;
  }

  public Row metric(String name, double value) {
    metrics.put(name, value);
    return this;
  }

  public Row text(String name, String value) {
    texts.put(name, value);
    return this;
  }

  public double metric(String name) {
    return metrics.getOrDefault(name, Double.NaN);
  }

  public String text(String name) {
    return texts.getOrDefault(name, "");
  }

  Map<String, Double> metrics() {
    return metrics;
  }

  Map<String, String> texts() {
    return texts;
  }
}
