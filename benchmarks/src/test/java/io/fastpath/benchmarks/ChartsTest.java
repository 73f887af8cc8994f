package io.fastpath.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChartsTest {

  private static List<Row> concurrentGetRows() {
    return List.of(
        new Row("fastpath").metric("ops", 150_000).metric("p50", 380).metric("p99", 950).metric("p999", 1_800),
        new Row("fastpath + micrometer").metric("ops", 145_000).metric("p50", 390).metric("p99", 990).metric("p999", 1_900),
        new Row("jedis").metric("ops", 78_000).metric("p50", 78).metric("p99", 25_903).metric("p999", 73_466),
        new Row("vertx").metric("ops", Double.NaN).metric("p50", Double.NaN));
  }

  @Test
  void aScenarioWithThroughputAndPercentilesGetsOneChartOfEachAsPngFiles(@TempDir Path directory) throws IOException {
    List<Charts.Chart> charts = Charts.of("run-c1", "(c) 64 callers", concurrentGetRows());

    assertThat(charts).extracting(Charts.Chart::fileName).containsExactly("run-c1-throughput.png", "run-c1-latency.png");
    for (Charts.Chart chart : charts) {
      chart.writePng(directory);
      BufferedImage image = ImageIO.read(directory.resolve(chart.fileName()).toFile());
      assertThat(image.getWidth()).isEqualTo(Charts.WIDTH);
      assertThat(image.getHeight()).isEqualTo(chart.height());
    }
    assertThat(charts.get(1).title()).isEqualTo("(c) 64 callers: latency");
  }

  @Test
  void aClientWithoutAValueGetsNoBarAndEachPhaseItsOwnLatencyChart() {
    List<Row> rows = List.of(
        new Row("fastpath").metric("closed-ops", 89_000).metric("closed-p99", 2_277).metric("open-p99", 1_101),
        new Row("vertx").metric("closed-ops", Double.NaN).metric("closed-p99", Double.NaN).metric("open-p99", 9_945));

    List<Charts.Chart> charts = Charts.of("run-f1", "(f) cluster", rows);

    assertThat(charts).extracting(Charts.Chart::fileName)
        .containsExactly("run-f1-throughput.png", "run-f1-latency-closed.png", "run-f1-latency-open.png");
    var plot = charts.get(0).chart().getCategoryPlot();
    assertThat(plot.getDataset().getColumnKeys()).containsExactly("fastpath");
  }

  @Test
  void theReportEmbedsEachChartUnderItsTableAndWritesTheFiles(@TempDir Path directory) throws IOException {
    Report report = new Report("- Options: test\n\n");
    Table table = new Table("(c) 64 callers", List.of("client", "ops/s")).row(List.of("fastpath", "150,000"));
    report.add(table, "c", concurrentGetRows());

    Path written = report.write(directory.toString(), List.of());
    String markdown = Files.readString(written);
    String stamp = written.getFileName().toString().replace(".md", "");
    assertThat(markdown).contains("![(c) 64 callers: throughput](" + stamp + "-c1-throughput.png)",
        "![(c) 64 callers: latency](" + stamp + "-c1-latency.png)");
    assertThat(directory.resolve(stamp + "-c1-throughput.png")).isRegularFile();
    assertThat(directory.resolve(stamp + "-c1-latency.png")).isRegularFile();
  }
}
