package io.fastpath.benchmarks.cluster;

import io.fastpath.benchmarks.ClusterBenchClient;
import io.fastpath.benchmarks.ClusterClient;
import io.fastpath.benchmarks.BenchClients;
import io.fastpath.benchmarks.clients.GlideBenchClient;
import io.fastpath.benchmarks.clients.JedisBenchClient;
import io.fastpath.benchmarks.clients.RedissonBenchClient;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;

/**
 * Creates a {@link ClusterBenchClient} by name, for the cluster scenario's rows.
 *
 * <p>Vert.x gives three rows: its documented pooled client with every default, the same with the
 * pool's wait queue raised, and one held cluster connection. The Fastpath adapter is loaded by class
 * name, as in {@link BenchClients}, so the peers run on a build without it.
 */
public final class ClusterBenchClients {

  static final String VERTX_POOLED_DEFAULTS = "vertx-pooled-defaults";
  static final String VERTX_POOLED = "vertx-pooled";
  static final String VERTX_HELD = "vertx-held";
  /** The wait queue the single-server Vert.x adapter uses too. */
  static final int VERTX_POOL_WAIT_QUEUE = 4096;

  private static final String FASTPATH_ADAPTER = "io.fastpath.benchmarks.clients.FastpathBenchClient";

  private ClusterBenchClients() {}

  /** The cluster rows for the chosen client names, Vert.x expanded into its three setups. */
  static List<String> rows(List<String> clients) {
    List<String> rows = new ArrayList<>();
    for (String name : clients) {
      if (name.equals(BenchClients.VERTX)) {
        rows.addAll(List.of(VERTX_POOLED_DEFAULTS, VERTX_POOLED, VERTX_HELD));
      } else if (!name.equals(BenchClients.JEDIS_TUNED)) {
        rows.add(name);
      }
    }
    return rows;
  }

  static ClusterBenchClient create(String name, String host, int port) {
    String seedUri = "redis://" + host + ":" + port;
    String metricsMode = BenchClients.metricsMode(name);
    if (metricsMode != null) {
      if (name.startsWith(BenchClients.FASTPATH)) {
        return createFastpath(seedUri, metricsMode);
      }
      return new LettuceClusterClient(seedUri, true); // only Lettuce's Micrometer recorder has a row
    }
    if (name.startsWith(BenchClients.FASTPATH + BenchClients.SWEEP_SEPARATOR)) {
      int connectionsPerNode = Integer.parseInt(name.substring(BenchClients.FASTPATH.length() + 1));
      return loadFastpath(FASTPATH_ADAPTER, ClusterBenchClient.class, new Class<?>[] {String.class, int.class},
          seedUri, connectionsPerNode);
    }
    switch (name) {
      case VERTX_POOLED_DEFAULTS:
        return new VertxPooledClusterClient(seedUri, 0);
      case VERTX_POOLED:
        return new VertxPooledClusterClient(seedUri, VERTX_POOL_WAIT_QUEUE);
      case VERTX_HELD:
        return createLibrary(BenchClients.VERTX, host, port);
      case BenchClients.FASTPATH_CALLER_IO:
        return createFastpathCallerDriven(seedUri);
      default:
        return createLibrary(name, host, port);
    }
  }

  /**
   * The library's cluster adapter that serves both the GET scenarios and the bulk scenario (l); Vert.x's is its held
   * connection.
   */
  static ClusterClient createLibrary(String name, String host, int port) {
    String seedUri = "redis://" + host + ":" + port;
    switch (name) {
      case BenchClients.FASTPATH:
        return loadFastpath(FASTPATH_ADAPTER, ClusterClient.class, new Class<?>[] {String.class}, seedUri);
      case BenchClients.LETTUCE:
        return new LettuceClusterClient(seedUri);
      case BenchClients.JEDIS:
        return JedisBenchClient.cluster(host, port);
      case BenchClients.REDISSON:
        return RedissonBenchClient.cluster(seedUri);
      case BenchClients.VERTX:
        return new VertxHeldClusterClient(seedUri);
      case BenchClients.GLIDE:
        return GlideBenchClient.cluster(host, port);
      default:
        throw new IllegalArgumentException("unknown cluster client " + name);
    }
  }

  /** Fastpath with a {@code --metrics} mode's command listener. */
  private static ClusterBenchClient createFastpath(String seedUri, String metricsMode) {
    return loadFastpath(FASTPATH_ADAPTER, ClusterBenchClient.class, new Class<?>[] {String.class, String.class},
        seedUri, metricsMode);
  }

  /** Fastpath with {@code callerDrivenIo(true)}: its blocking callers drive the loops of the node connections (issue 30). */
  private static ClusterBenchClient createFastpathCallerDriven(String seedUri) {
    try {
      return ClusterBenchClient.class.cast(callerDrivenFactory().invoke(null, seedUri, 0)); // 0: the client's default connections
    } catch (InvocationTargetException e) {
      throw new IllegalStateException("Fastpath client failed to start", e.getCause());
    } catch (ReflectiveOperationException | LinkageError e) {
      throw new IllegalStateException("Fastpath adapter is not in this build", e);
    }
  }

  /** The adapter's factory of a caller-driven client: (seed URI, connections per node, 0 for the client's default). */
  static Method callerDrivenFactory() throws ReflectiveOperationException {
    return Class.forName(FASTPATH_ADAPTER).getMethod("callerDriven", String.class, int.class);
  }

  /** Constructs the Fastpath adapter {@code className} by name, so the peers run on a build without Fastpath. */
  static <T> T loadFastpath(String className, Class<T> type, Class<?>[] parameterTypes, Object... arguments) {
    try {
      return type.cast(Class.forName(className).getConstructor(parameterTypes).newInstance(arguments));
    } catch (InvocationTargetException e) {
      throw new IllegalStateException("Fastpath client failed to start", e.getCause());
    } catch (ReflectiveOperationException | LinkageError e) {
      throw new IllegalStateException("Fastpath adapter is not in this build", e);
    }
  }
}
