package io.fastpath.benchmarks.coldstart;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What one kind of probe JVM runs: a label for the tables, its class path (the client's jars, so two builds of the
 * client can alternate on one cluster) and extra JVM options (a system property, a profiler agent).
 * Written on the command line as {@code label;classpath;option option...} (the options may be left out).
 */
public record ProbeVariant(String label, String classpath, List<String> jvmOptions) {

  public ProbeVariant {
    jvmOptions = List.copyOf(jvmOptions);
  }

  public static ProbeVariant parse(String spec) {
    String[] parts = spec.split(";", 3);
    if (parts.length < 2 || parts[0].isBlank() || parts[1].isBlank()) {
      throw new IllegalArgumentException("a variant is label;classpath[;jvm options], got: " + spec);
    }
    List<String> options = new ArrayList<>();
    if (parts.length == 3 && !parts[2].isBlank()) {
      options.addAll(Arrays.asList(parts[2].trim().split("\\s+")));
    }
    return new ProbeVariant(parts[0].trim(), parts[1].trim(), options);
  }
}
