package io.fastpath.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The summary of an interleaved A/B run ({@code scripts/bench-ab}): reads every round's markdown report of every
 * build, and prints per build each table with the median of each numeric cell over the rounds (a cell of several
 * numbers, {@code p50 / p99 / p99.9}, per number), then the second build's medians against the first's, and the
 * load averages each run recorded. Text cells are taken from the first round.
 *
 * <p>Usage: {@code AbSummary <run directory> <build> <build>...}; round directories are {@code <build>-<n>}.
 */
public final class AbSummary {

  private static final Pattern NUMBER = Pattern.compile("-?[0-9][0-9,]*(\\.[0-9]+)?");
  private static final String LOAD_START = "- Load average (1, 5, 15 min) at start: ";
  private static final String LOAD_END = "Load average (1, 5, 15 min) at end: ";

  private AbSummary() {}

  /** One table of one report: its header and its rows by first cell. */
  record ParsedTable(List<String> header, Map<String, List<String>> rows) {}

  public static void main(String[] arguments) throws IOException {
    Path run = Path.of(arguments[0]);
    List<String> builds = List.of(arguments).subList(1, arguments.length);
    Map<String, Map<String, List<ParsedTable>>> byBuild = new LinkedHashMap<>();
    StringBuilder loads = new StringBuilder();
    for (String build : builds) {
      Map<String, List<ParsedTable>> tables = new LinkedHashMap<>();
      for (Path report : reports(run, build)) {
        List<String> lines = Files.readAllLines(report);
        parse(lines).forEach((title, table) -> tables.computeIfAbsent(title, t -> new ArrayList<>()).add(table));
        loads.append("- ").append(report.getParent().getFileName()).append(": load at start ")
            .append(valueAfter(lines, LOAD_START)).append(", at end ").append(valueAfter(lines, LOAD_END)).append('\n');
      }
      byBuild.put(build, tables);
    }
    StringBuilder out = new StringBuilder("# A/B summary of " + run + "\n\n");
    Map<String, Map<String, ParsedTable>> medians = new LinkedHashMap<>();
    for (String build : builds) {
      Map<String, ParsedTable> buildMedians = new LinkedHashMap<>();
      byBuild.get(build).forEach((title, rounds) -> buildMedians.put(title, median(rounds)));
      medians.put(build, buildMedians);
      out.append("## ").append(build).append(" (medians of ").append(reports(run, build).size()).append(" rounds)\n\n");
      buildMedians.forEach((title, table) -> out.append("### ").append(title).append("\n\n").append(markdown(table)));
    }
    if (builds.size() >= 2) {
      String first = builds.get(0);
      for (String other : builds.subList(1, builds.size())) {
        out.append("## ").append(other).append(" / ").append(first).append(" (ratio of medians)\n\n");
        medians.get(other).forEach((title, table) -> {
          ParsedTable base = medians.get(first).get(title);
          if (base != null) {
            out.append("### ").append(title).append("\n\n").append(markdown(ratio(table, base)));
          }
        });
      }
    }
    out.append("## Load averages (1, 5, 15 min)\n\n").append(loads);
    System.out.print(out);
  }

  private static List<Path> reports(Path run, String build) {
    List<Path> reports = new ArrayList<>();
    for (int round = 1; ; round++) {
      Path directory = run.resolve(build + "-" + round);
      if (!Files.isDirectory(directory)) {
        return reports;
      }
      try (Stream<Path> files = Files.list(directory)) {
        files.filter(file -> file.toString().endsWith(".md")).findFirst().ifPresent(reports::add);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  private static String valueAfter(List<String> lines, String prefix) {
    return lines.stream().filter(line -> line.startsWith(prefix)).map(line -> line.substring(prefix.length()))
        .findFirst().orElse("?");
  }

  static Map<String, ParsedTable> parse(List<String> lines) {
    Map<String, ParsedTable> tables = new LinkedHashMap<>();
    for (int i = 0; i < lines.size(); i++) {
      if (!lines.get(i).startsWith("### ") || i + 3 >= lines.size() || !lines.get(i + 2).startsWith("|")) {
        continue;
      }
      String title = lines.get(i).substring(4).replaceAll(", round [0-9]+ of [0-9]+", "");
      List<String> header = cells(lines.get(i + 2));
      Map<String, List<String>> rows = new LinkedHashMap<>();
      int row = i + 4;
      for (; row < lines.size() && lines.get(row).startsWith("|"); row++) {
        List<String> cells = cells(lines.get(row));
        rows.put(cells.get(0), cells);
      }
      tables.put(title, new ParsedTable(header, rows));
      i = row;
    }
    return tables;
  }

  private static List<String> cells(String line) {
    String inner = line.substring(1, line.lastIndexOf('|'));
    return Arrays.stream(inner.split("(?<!\\\\)\\|")).map(String::trim).toList();
  }

  static ParsedTable median(List<ParsedTable> rounds) {
    ParsedTable first = rounds.get(0);
    Map<String, List<String>> rows = new LinkedHashMap<>();
    first.rows().forEach((label, firstCells) -> {
      List<String> cells = new ArrayList<>();
      for (int column = 0; column < firstCells.size(); column++) {
        List<String> values = new ArrayList<>();
        for (ParsedTable round : rounds) {
          List<String> roundCells = round.rows().get(label);
          if (roundCells != null && column < roundCells.size()) {
            values.add(roundCells.get(column));
          }
        }
        cells.add(column == 0 ? label : medianCell(values));
      }
      rows.put(label, cells);
    });
    return new ParsedTable(first.header(), rows);
  }

  /** The median of each number of a cell over the rounds, formatted as the first round wrote it. */
  static String medianCell(List<String> values) {
    String template = values.get(0);
    List<double[]> numbers = new ArrayList<>();
    for (String value : values) {
      double[] parsed = numbers(value);
      if (parsed != null && (numbers.isEmpty() || parsed.length == numbers.get(0).length)) {
        numbers.add(parsed);
      }
    }
    if (numbers.isEmpty()) {
      return template;
    }
    double[] medians = new double[numbers.get(0).length];
    for (int i = 0; i < medians.length; i++) {
      int index = i;
      double[] sorted = numbers.stream().mapToDouble(n -> n[index]).sorted().toArray();
      medians[i] = sorted.length % 2 == 1 ? sorted[sorted.length / 2]
          : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
    }
    return format(template, medians);
  }

  private static double[] numbers(String cell) {
    Matcher matcher = NUMBER.matcher(cell);
    List<Double> found = new ArrayList<>();
    while (matcher.find()) {
      found.add(Double.parseDouble(matcher.group().replace(",", "")));
    }
    return found.isEmpty() ? null : found.stream().mapToDouble(Double::doubleValue).toArray();
  }

  /** {@code template} with its numbers replaced by {@code values}, each with the template's decimals. */
  private static String format(String template, double[] values) {
    Matcher matcher = NUMBER.matcher(template);
    StringBuilder out = new StringBuilder();
    int index = 0;
    while (matcher.find()) {
      String original = matcher.group();
      int dot = original.indexOf('.');
      int decimals = dot < 0 ? 0 : original.length() - dot - 1;
      String formatted = original.contains(",")
          ? String.format(Locale.ROOT, "%,." + decimals + "f", values[index])
          : String.format(Locale.ROOT, "%." + decimals + "f", values[index]);
      matcher.appendReplacement(out, Matcher.quoteReplacement(formatted));
      index++;
    }
    matcher.appendTail(out);
    return out.toString();
  }

  /** Each numeric cell of {@code table} divided by the same cell of {@code base} (first number of each). */
  private static ParsedTable ratio(ParsedTable table, ParsedTable base) {
    Map<String, List<String>> rows = new LinkedHashMap<>();
    table.rows().forEach((label, cells) -> {
      List<String> baseCells = base.rows().get(label);
      List<String> out = new ArrayList<>();
      for (int column = 0; column < cells.size(); column++) {
        double[] value = column == 0 ? null : numbers(cells.get(column));
        double[] reference = column == 0 || baseCells == null || column >= baseCells.size() ? null
            : numbers(baseCells.get(column));
        if (value == null || reference == null || value.length != reference.length) {
          out.add(column == 0 ? label : "");
          continue;
        }
        StringBuilder cell = new StringBuilder();
        for (int i = 0; i < value.length; i++) {
          cell.append(i == 0 ? "" : " / ").append(reference[i] == 0 ? "n/a"
              : String.format(Locale.ROOT, "%.2fx", value[i] / reference[i]));
        }
        out.add(cell.toString());
      }
      rows.put(label, out);
    });
    return new ParsedTable(table.header(), rows);
  }

  private static String markdown(ParsedTable table) {
    StringBuilder out = new StringBuilder("| ").append(String.join(" | ", table.header())).append(" |\n|");
    table.header().forEach(h -> out.append(" --- |"));
    out.append('\n');
    table.rows().values().forEach(cells -> out.append("| ").append(String.join(" | ", cells)).append(" |\n"));
    return out.append('\n').toString();
  }
}
