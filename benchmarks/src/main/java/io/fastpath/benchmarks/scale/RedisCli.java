package io.fastpath.benchmarks.scale;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs {@code redis-cli --cluster} (from {@code scripts/ensure-redis}) as an operator would, answering yes to its
 * questions, and fails with its output when it exits with an error.
 */
final class RedisCli {

  /** Keys moved per MIGRATE: the tool's default is 10. */
  static final int PIPELINE = 100;
  private static final long TIMEOUT_MINUTES = 10;

  private RedisCli() {}

  /** Moves {@code slots} slots from {@code from} (a node id, or {@code all}) to node {@code toId}. */
  static void reshard(String seed, String from, String toId, int slots) {
    run("--cluster", "reshard", seed, "--cluster-from", from, "--cluster-to", toId,
        "--cluster-slots", Integer.toString(slots), "--cluster-yes", "--cluster-pipeline", Integer.toString(PIPELINE));
  }

  private static void run(String... arguments) {
    List<String> command = new ArrayList<>(List.of("redis-cli"));
    command.addAll(List.of(arguments));
    try {
      Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
      process.getOutputStream().close();
      byte[] output = process.getInputStream().readAllBytes(); // read to the end, or a full pipe stalls the tool
      if (!process.waitFor(TIMEOUT_MINUTES, TimeUnit.MINUTES) || process.exitValue() != 0) {
        process.destroyForcibly();
        String text = new String(output, StandardCharsets.UTF_8);
        String tail = text.substring(Math.max(0, text.length() - 3000));
        System.out.println("  " + String.join(" ", command) + " failed; its output ends:\n" + tail);
        throw new IllegalStateException(String.join(" ", command) + " failed: "
            + tail.substring(Math.max(0, tail.length() - 300)));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while running redis-cli", e);
    }
  }
}
