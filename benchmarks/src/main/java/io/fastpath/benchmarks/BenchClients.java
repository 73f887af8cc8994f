package io.fastpath.benchmarks;

import io.fastpath.benchmarks.clients.JedisBenchClient;
import io.fastpath.benchmarks.clients.LettuceBenchClient;
import io.fastpath.benchmarks.clients.RedissonBenchClient;
import io.fastpath.benchmarks.clients.VertxBenchClient;
import java.lang.reflect.InvocationTargetException;
import java.util.List;

/**
 * Creates a {@link BenchClient} by name.
 *
 * <p>The Fastpath adapter is loaded by class name, so this module still builds and runs the peers
 * on a branch where Fastpath's client is not there yet (the build then leaves that adapter out).
 */
public final class BenchClients {

  public static final String FASTPATH = "fastpath";
  public static final String LETTUCE = "lettuce";
  public static final String JEDIS = "jedis";
  /** Jedis with a pool as large as the caller count; only the concurrent scenario adds it. */
  public static final String JEDIS_TUNED = "jedis-pool64";
  public static final String REDISSON = "redisson";
  public static final String VERTX = "vertx";

  public static final List<String> ALL = List.of(FASTPATH, LETTUCE, JEDIS, REDISSON, VERTX);

  static final int TUNED_JEDIS_POOL_SIZE = 64;

  private static final String FASTPATH_ADAPTER = "io.fastpath.benchmarks.clients.FastpathBenchClient";

  private BenchClients() {}

  /** Whether the named client can be created in this build. */
  public static boolean isAvailable(String name) {
    if (!FASTPATH.equals(name)) {
      return true;
    }
    try {
      Class.forName(FASTPATH_ADAPTER);
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }

  public static BenchClient create(String name, BenchServer server) {
    switch (name) {
      case FASTPATH:
        return createFastpath(server.uri());
      case LETTUCE:
        return new LettuceBenchClient(server.uri());
      case JEDIS:
        return JedisBenchClient.withDefaultPool("127.0.0.1", server.port());
      case JEDIS_TUNED:
        return JedisBenchClient.withPoolOf("127.0.0.1", server.port(), TUNED_JEDIS_POOL_SIZE);
      case REDISSON:
        return new RedissonBenchClient(server.uri());
      case VERTX:
        return new VertxBenchClient(server.uri());
      default:
        throw new IllegalArgumentException("unknown client " + name + "; known: " + ALL);
    }
  }

  private static BenchClient createFastpath(String uri) {
    try {
      return (BenchClient)
          Class.forName(FASTPATH_ADAPTER).getConstructor(String.class).newInstance(uri);
    } catch (InvocationTargetException e) {
      throw new IllegalStateException("Fastpath client failed to start", e.getCause());
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("Fastpath adapter is not in this build", e);
    }
  }
}
