package io.fastpath.benchmarks;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** One scenario's results as a titled markdown table with explanatory lines under it. */
public final class Table {

  private static final Set<String> TEXT_COLUMNS = Set.of("client", "mode", "bulk mode");

  private final String title;
  private final List<String> headers;
  private final List<List<String>> rows = new ArrayList<>();
  private final List<String> notes = new ArrayList<>();

  public Table(String title, List<String> headers) {
    this.title = title;
    this.headers = List.copyOf(headers);
  }

  public String title() {
    return title;
  }

  public Table row(List<String> cells) {
    if (cells.size() != headers.size()) {
      throw new IllegalArgumentException("expected " + headers.size() + " cells, got " + cells);
    }
    rows.add(List.copyOf(cells));
    return this;
  }

  /** Adds a line under the table; an empty note adds nothing. */
  public Table note(String note) {
    if (!note.isEmpty()) {
      notes.add(note);
    }
    return this;
  }

  public String toMarkdown() {
    StringBuilder out = new StringBuilder();
    out.append("### ").append(title).append("\n\n");
    appendLine(out, headers);
    out.append('|');
    for (String header : headers) {
      out.append(TEXT_COLUMNS.contains(header) ? " --- |" : " ---: |");
    }
    out.append('\n');
    rows.forEach(row -> appendLine(out, row));
    if (!notes.isEmpty()) {
      out.append('\n');
      notes.forEach(note -> out.append("- ").append(note).append('\n'));
    }
    return out.append('\n').toString();
  }

  private static void appendLine(StringBuilder out, List<String> cells) {
    out.append('|');
    for (String cell : cells) {
      out.append(' ').append(cell.replace("|", "\\|")).append(" |");
    }
    out.append('\n');
  }
}
