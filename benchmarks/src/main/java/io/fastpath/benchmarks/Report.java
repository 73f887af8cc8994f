package io.fastpath.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

/**
 * The run's markdown report: the machine and settings, then one table per scenario with its charts, printed
 * as each scenario finishes and written whole to {@code bench-results/<yyyy-MM-dd-HHmmss>.md}, the charts as
 * PNG files beside it ({@code <yyyy-MM-dd-HHmmss>-<scenario><n>-throughput.png}, {@code -latency.png}...).
 */
public final class Report {

  private static final DateTimeFormatter FILE_NAME = DateTimeFormatter.ofPattern("yyyy-MM-dd-HHmmss");

  private final LocalDateTime started = LocalDateTime.now();
  private final StringBuilder header = new StringBuilder();
  private final List<Table> tables = new ArrayList<>();
  /** Each table's charts, in the same order, written as PNG files next to the markdown. */
  private final List<List<Charts.Chart>> charts = new ArrayList<>();

  public Report(BenchOptions options, BenchServer server) {
    this(new StringBuilder()
        .append("- CPU: ").append(Environment.cpuModel()).append(", ")
        .append(Environment.cores()).append(" cores (shared with redis-server)\n")
        .append("- Server: ").append(Environment.serverVersion(server)).append(", loopback, no persistence\n")
        .append("- Load average (1, 5, 15 min) at start: ").append(Environment.loadAverage()).append("\n")
        .append("- Options: ").append(options.describe()).append("\n")
        .append("- Ratios are this row's value divided by the named client's; above 1.00x means more ops/s.\n")
        .append("- Latencies are microseconds per command; CPU is this JVM's process CPU time per op")
        .append(" (client library plus the benchmark's caller threads; redis-server excluded).\n\n")
        .append("```\n").append(Environment.javaVersion()).append("\n```\n\n").toString());
  }

  /** A report whose header, after its title line, is {@code settings} (tests). */
  Report(String settings) {
    header.append("# Fastpath benchmark ").append(started.withNano(0)).append("\n\n").append(settings);
  }

  public String header() {
    return header.toString();
  }

  public void add(Table table) {
    add(table, List.of());
  }

  /** A table and the median rows it shows, drawn as charts (throughput, latency percentiles) per {@link Charts}. */
  public void add(Table table, String scenarioId, List<Row> rows) {
    String baseName = FILE_NAME.format(started) + "-" + scenarioId + (tables.size() + 1);
    add(table, Charts.of(baseName, table.title(), rows));
  }

  private void add(Table table, List<Charts.Chart> tableCharts) {
    tables.add(table);
    charts.add(tableCharts);
    System.out.println();
    System.out.print(table.toMarkdown());
  }

  public String toMarkdown(List<String> notes) {
    StringBuilder out = new StringBuilder(header);
    for (int i = 0; i < tables.size(); i++) {
      out.append(tables.get(i).toMarkdown());
      for (Charts.Chart chart : charts.get(i)) {
        out.append("![").append(chart.title()).append("](").append(chart.fileName()).append(")\n\n");
      }
    }
    out.append("Load average (1, 5, 15 min) at end: ").append(Environment.loadAverage()).append("\n\n");
    if (!notes.isEmpty()) {
      out.append("### Notes\n\n");
      notes.forEach(note -> out.append("- ").append(note).append('\n'));
    }
    return out.toString();
  }

  /** Writes the report and returns the file it wrote. */
  public Path write(String directory, List<String> notes) {
    Path file = Path.of(directory, FILE_NAME.format(started) + ".md");
    try {
      Files.createDirectories(file.getParent());
      Files.writeString(file, toMarkdown(notes));
      for (List<Charts.Chart> tableCharts : charts) {
        for (Charts.Chart chart : tableCharts) {
          chart.writePng(file.getParent());
        }
      }
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
