package io.fastpath.benchmarks;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** Describes the machine a run happened on, so results from different runs can be compared. */
public final class Environment {

  private Environment() {}

  public static String javaVersion() {
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    try {
      Process process = new ProcessBuilder(java.toString(), "-version").redirectErrorStream(true).start();
      String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
      process.waitFor(10, TimeUnit.SECONDS);
      return output;
    } catch (IOException e) {
      return System.getProperty("java.vm.name") + " " + System.getProperty("java.version");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return System.getProperty("java.version");
    }
  }

  public static String cpuModel() {
    try {
      return Files.readAllLines(Path.of("/proc/cpuinfo")).stream()
          .filter(line -> line.startsWith("model name"))
          .map(line -> line.substring(line.indexOf(':') + 1).trim())
          .findFirst()
          .orElse("unknown");
    } catch (IOException e) {
      return "unknown";
    }
  }

  public static int cores() {
    return Runtime.getRuntime().availableProcessors();
  }

  public static String serverVersion(BenchServer server) {
    try (ServerAdmin admin = server.admin()) {
      return "redis " + admin.infoField("server", "redis_version");
    }
  }

  /** The 1, 5 and 15 minute load averages: anything else running on the machine skews results. */
  public static String loadAverage() {
    try {
      String[] fields = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
      return fields[0] + " " + fields[1] + " " + fields[2];
    } catch (IOException | ArrayIndexOutOfBoundsException e) {
      return "unknown";
    }
  }
}
