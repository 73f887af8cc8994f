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
 * The run's markdown report: the machine and settings, then one table per scenario, printed as each
 * scenario finishes and written whole to {@code bench-results/<yyyy-MM-dd-HHmmss>.md}.
 */
public final class Report {

  private static final DateTimeFormatter FILE_NAME = DateTimeFormatter.ofPattern("yyyy-MM-dd-HHmmss");

  private final LocalDateTime started = LocalDateTime.now();
  private final StringBuilder header = new StringBuilder();
  private final List<Table> tables = new ArrayList<>();

  public Report(BenchOptions options, BenchServer server) {
    header.append("# Fastpath benchmark ").append(started.withNano(0)).append("\n\n")
        .append("- CPU: ").append(Environment.cpuModel()).append(", ")
        .append(Environment.cores()).append(" cores (shared with redis-server)\n")
        .append("- Server: ").append(Environment.serverVersion(server)).append(", loopback, no persistence\n")
        .append("- Load average (1, 5, 15 min) at start: ").append(Environment.loadAverage()).append("\n")
        .append("- Options: ").append(options.describe()).append("\n")
        .append("- Ratios are this row's value divided by the named client's; above 1.00x means more ops/s.\n")
        .append("- Latencies are microseconds per command; CPU is this JVM's process CPU time per op")
        .append(" (client library plus the benchmark's caller threads; redis-server excluded).\n\n")
        .append("```\n").append(Environment.javaVersion()).append("\n```\n\n");
  }

  public String header() {
    return header.toString();
  }

  public void add(Table table) {
    tables.add(table);
    System.out.println();
    System.out.print(table.toMarkdown());
  }

  public String toMarkdown(List<String> notes) {
    StringBuilder out = new StringBuilder(header);
    tables.forEach(table -> out.append(table.toMarkdown()));
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
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
