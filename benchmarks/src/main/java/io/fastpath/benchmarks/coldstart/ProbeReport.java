package io.fastpath.benchmarks.coldstart;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * One cold start as {@link ColdStartProbe} measured it, and the one line it prints for {@link ColdStartMain}.
 *
 * @param jvmToMainMillis from the JVM's start ({@code RuntimeMXBean.getStartTime()}) to the probe's {@code main}
 * @param jvmToBuildMillis from the JVM's start to the call of {@code build()}
 * @param buildMillis how long {@code build()} took
 * @param firstReplyMillis from the call of {@code build()} to the first GET's reply
 */
public record ProbeReport(long jvmToMainMillis, long jvmToBuildMillis, double buildMillis, double firstReplyMillis) {

  static final String PREFIX = "coldstart-probe ";

  /** The line the probe prints: the prefix, then name=value pairs. */
  public String line() {
    return PREFIX + String.format(Locale.ROOT, "jvm-to-main-ms=%d jvm-to-build-ms=%d build-ms=%.1f first-reply-ms=%.1f",
        jvmToMainMillis, jvmToBuildMillis, buildMillis, firstReplyMillis);
  }

  /** The report in {@code line}, a line {@link #line()} printed; null for any other line (the JVM's or a profiler's). */
  public static ProbeReport parse(String line) {
    if (!line.startsWith(PREFIX)) {
      return null;
    }
    Map<String, String> fields = new HashMap<>();
    for (String pair : line.substring(PREFIX.length()).trim().split("\\s+")) {
      int equals = pair.indexOf('=');
      if (equals > 0) {
        fields.put(pair.substring(0, equals), pair.substring(equals + 1));
      }
    }
    try {
      return new ProbeReport(Long.parseLong(fields.get("jvm-to-main-ms")), Long.parseLong(fields.get("jvm-to-build-ms")),
          Double.parseDouble(fields.get("build-ms")), Double.parseDouble(fields.get("first-reply-ms")));
    } catch (NullPointerException | NumberFormatException incomplete) {
      return null; // a line cut short (the probe died while printing it)
    }
  }
}
