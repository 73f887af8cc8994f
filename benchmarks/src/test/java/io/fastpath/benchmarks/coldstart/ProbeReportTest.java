package io.fastpath.benchmarks.coldstart;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ProbeReportTest {

  @Test
  void aPrintedLineParsesBackToTheSameFigures() {
    ProbeReport report = new ProbeReport(41, 57, 812.25, 903.5);

    assertThat(ProbeReport.parse(report.line())).isEqualTo(new ProbeReport(41, 57, 812.3, 903.5));
  }

  @Test
  void linesOfTheJvmOrAProfilerAreNoReport() {
    assertThat(ProbeReport.parse("Profiling started")).isNull();
    assertThat(ProbeReport.parse("coldstart-probe: GET coldstart:key answered null, expected coldstart-value")).isNull();
    assertThat(ProbeReport.parse("coldstart-probe jvm-to-main-ms=41 jvm-to-build-ms=57")).isNull();
  }

  @Test
  void theSpreadIsTheMedianWithTheSmallestAndLargest() {
    List<ProbeReport> reports = List.of(new ProbeReport(1, 2, 3, 1200), new ProbeReport(1, 2, 3, 700),
        new ProbeReport(1, 2, 3, 950));

    assertThat(ColdStartMain.spread(reports, ProbeReport::firstReplyMillis)).isEqualTo("950 (700-1,200)");
  }

  @Test
  void aVariantNamesItsClassPathAndOptions() {
    ProbeVariant variant = ProbeVariant.parse("no-jfr;a.jar:b.jar;-Dio.netty.jfr.enabled=false -Xshare:auto");

    assertThat(variant).isEqualTo(new ProbeVariant("no-jfr", "a.jar:b.jar",
        List.of("-Dio.netty.jfr.enabled=false", "-Xshare:auto")));
    assertThat(ProbeVariant.parse("plain;a.jar").jvmOptions()).isEmpty();
  }
}
