package io.fastpath.benchmarks.coldstart;

import io.fastpath.RedisClient;
import java.lang.management.ManagementFactory;

/**
 * The measured side of {@link ColdStartMain}: a fresh JVM that only builds a client with default settings against a
 * running server or cluster, GETs one key and prints one {@link ProbeReport} line. Nothing but the client runs before
 * the reply (no string concatenation either: its first use bootstraps {@code java.lang.invoke}), so the JVM is as
 * cold as an application's on its first request after a deploy.
 *
 * <p>Arguments: host, port, key, the key's expected value. Exit status 2 when the reply is not that value.
 */
public final class ColdStartProbe {

  private ColdStartProbe() {}

  public static void main(String[] args) {
    long mainMillis = System.currentTimeMillis();
    String uri = "redis://".concat(args[0]).concat(":").concat(args[1]);
    long buildMillis = System.currentTimeMillis();
    long buildStart = System.nanoTime();
    RedisClient client = RedisClient.builder().uri(uri).build();
    long built = System.nanoTime();
    String reply = client.get(args[2]);
    long replied = System.nanoTime();
    // Read after the reply: the management classes it loads are not the client's cost.
    long jvmStartMillis = ManagementFactory.getRuntimeMXBean().getStartTime();
    if (!args[3].equals(reply)) {
      System.out.println("coldstart-probe: GET " + args[2] + " answered " + reply + ", expected " + args[3]);
      client.close();
      System.exit(2);
    }
    System.out.println(new ProbeReport(mainMillis - jvmStartMillis, buildMillis - jvmStartMillis,
        (built - buildStart) / 1_000_000.0, (replied - buildStart) / 1_000_000.0).line());
    client.close();
  }
}
