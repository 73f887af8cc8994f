package io.fastpath.benchmarks;

import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.text.DecimalFormat;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.labels.ItemLabelAnchor;
import org.jfree.chart.labels.ItemLabelPosition;
import org.jfree.chart.labels.StandardCategoryItemLabelGenerator;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.category.DefaultCategoryDataset;

/**
 * The report's pictures, drawn with JFreeChart: for each scenario a throughput chart (ops/s per client, one
 * bar per measured phase) and a latency chart per phase (p50, p99 and p99.9 per client, on a logarithmic axis
 * since one slow client would flatten the others). Built from the same median rows as the table, from the
 * metric names the scenarios share ({@code ops}, {@code p50}..., with phase prefixes such as {@code closed-});
 * a scenario with none of them gets no chart. Bars are horizontal so long client labels stay readable.
 */
public final class Charts {

  static {
    System.setProperty("java.awt.headless", "true"); // no display on a benchmark machine
  }

  /** One chart to write as {@code fileName} next to the report, with its alt text. */
  public record Chart(String fileName, String title, JFreeChart chart, int height) {

    public void writePng(Path directory) {
      try {
        ChartUtils.saveChartAsPNG(directory.resolve(fileName).toFile(), chart, WIDTH, height);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  static final int WIDTH = 1000;

  /** Throughput metrics and their series names. */
  private static final List<String[]> THROUGHPUT = List.of(
      new String[] {"ops", "ops/s"},
      new String[] {"closed-ops", "f1 closed loop"},
      new String[] {"alone-ops", "alone"},
      new String[] {"large-ops", "beside the 5 MB reader"},
      new String[] {"blpop-ops", "beside the BLPOPs"},
      new String[] {"async-ops", "async API"},
      new String[] {"bulk-ops", "bulk mode"});

  /** Latency phases: metric prefix and the chart's subtitle. */
  private static final List<String[]> PHASES = List.of(
      new String[] {"", ""},
      new String[] {"closed-", "f1 closed loop"},
      new String[] {"open-", "f2 open loop"},
      new String[] {"alone-", "alone"},
      new String[] {"large-", "beside the 5 MB reader"},
      new String[] {"blpop-", "beside the BLPOPs"},
      new String[] {"before-", "before the kill"},
      new String[] {"after-", "after the kill"});

  private static final String[][] PERCENTILES = {{"p50", "p50"}, {"p99", "p99"}, {"p999", "p99.9"}};

  private Charts() {}

  /** The charts of one table: {@code baseName} prefixes their file names (unique within the run). */
  public static List<Chart> of(String baseName, String title, List<Row> rows) {
    List<Chart> charts = new ArrayList<>();
    DefaultCategoryDataset throughput = new DefaultCategoryDataset();
    for (String[] metric : THROUGHPUT) {
      addSeries(throughput, rows, metric[0], metric[1]);
    }
    if (throughput.getRowCount() > 0) {
      charts.add(chart(baseName + "-throughput.png", title + ": throughput", "operations per second", throughput,
          new NumberAxis("operations per second")));
    }
    for (String[] phase : PHASES) {
      DefaultCategoryDataset latency = new DefaultCategoryDataset();
      for (String[] percentile : PERCENTILES) {
        addSeries(latency, rows, phase[0] + percentile[0], percentile[1]);
      }
      if (latency.getRowCount() == 0) {
        continue;
      }
      String suffix = phase[1].isEmpty() ? "" : " (" + phase[1] + ")";
      String file = baseName + "-latency" + (phase[0].isEmpty() ? "" : "-" + phase[0].substring(0, phase[0].length() - 1)) + ".png";
      LogAxis axis = new LogAxis("microseconds");
      double[] range = positiveRange(latency);
      axis.setRange(Math.pow(10, Math.floor(Math.log10(range[0]))), range[1] * 4); // from the decade below, room for labels
      axis.setAutoTickUnitSelection(false);
      axis.setTickUnit(new NumberTickUnit(1.0)); // one tick per decade: 10, 100, 1,000...
      axis.setNumberFormatOverride(new DecimalFormat("#,##0"));
      charts.add(chart(file, title + ": latency" + suffix, "microseconds", latency, axis));
    }
    return charts;
  }

  /** The smallest and largest value of a dataset (every value is positive: see {@link #addSeries}). */
  private static double[] positiveRange(DefaultCategoryDataset data) {
    double min = Double.MAX_VALUE;
    double max = 0;
    for (int row = 0; row < data.getRowCount(); row++) {
      for (int column = 0; column < data.getColumnCount(); column++) {
        Number value = data.getValue(row, column);
        if (value != null) {
          min = Math.min(min, value.doubleValue());
          max = Math.max(max, value.doubleValue());
        }
      }
    }
    return new double[] {min, max};
  }

  /** One bar per client whose row has the metric (NaN means the client cannot do it: no bar). */
  private static void addSeries(DefaultCategoryDataset dataset, List<Row> rows, String metric, String series) {
    for (Row row : rows) {
      double value = row.metric(metric);
      if (!Double.isNaN(value) && value > 0) {
        dataset.addValue(value, series, row.label());
      }
    }
  }

  private static Chart chart(String fileName, String title, String unit, DefaultCategoryDataset data, ValueAxis valueAxis) {
    CategoryAxis clients = new CategoryAxis(null);
    clients.setMaximumCategoryLabelWidthRatio(0.45f);
    BarRenderer bars = new BarRenderer();
    bars.setDefaultItemLabelGenerator(new StandardCategoryItemLabelGenerator("{2}", new DecimalFormat("#,##0")));
    bars.setDefaultItemLabelsVisible(true);
    bars.setDefaultPositiveItemLabelPosition(new ItemLabelPosition(ItemLabelAnchor.OUTSIDE3, TextAnchor.CENTER_LEFT));
    bars.setDefaultItemLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 10));
    bars.setBarPainter(new StandardBarPainter());
    bars.setShadowVisible(false);
    bars.setItemMargin(0.05);
    CategoryPlot plot = new CategoryPlot(data, clients, valueAxis, bars);
    plot.setOrientation(PlotOrientation.HORIZONTAL);
    if (valueAxis instanceof NumberAxis) {
      valueAxis.setUpperMargin(0.12); // room for the value written at the end of the longest bar
    }
    plot.setBackgroundPaint(Color.WHITE);
    plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
    valueAxis.setLabel(unit + (valueAxis instanceof LogAxis ? " (log scale)" : ""));
    JFreeChart chart = new JFreeChart(title, new Font(Font.SANS_SERIF, Font.BOLD, 14), plot, data.getRowCount() > 1);
    chart.setBackgroundPaint(Color.WHITE);
    int height = 140 + data.getColumnCount() * Math.max(1, data.getRowCount()) * 16 + data.getColumnCount() * 10;
    return new Chart(fileName, title, chart, height);
  }
}
