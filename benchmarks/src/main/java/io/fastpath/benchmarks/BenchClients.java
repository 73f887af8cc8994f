package io.fastpath.benchmarks;

import io.fastpath.benchmarks.callerio.CallerIoBenchClient;
import io.fastpath.benchmarks.clients.GlideBenchClient;
import io.fastpath.benchmarks.clients.JedisBenchClient;
import io.fastpath.benchmarks.clients.LettuceBenchClient;
import io.fastpath.benchmarks.clients.RedissonBenchClient;
import io.fastpath.benchmarks.clients.VertxBenchClient;
import java.lang.reflect.InvocationTargetException;
import java.util.ArrayList;
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
  /** Valkey GLIDE (a Rust core under a Java API, through JNI). */
  public static final String GLIDE = "glide";
  /** Fastpath with the congestion detour off, to measure what the detour buys (scenario d) and costs (c). */
  public static final String FASTPATH_NO_DETOUR = "fastpath-nodetour";
  /** Scenario g only: Fastpath's cache without its invalidation-delay bound (see CachedReaders). */
  public static final String FASTPATH_CACHE_UNBOUNDED = "fastpath-unbounded";
  /** Scenario g: Fastpath with no client-side cache, every GET a round trip (what a cache miss is measured against). */
  public static final String FASTPATH_UNCACHED = "fastpath-uncached";
  /** Fastpath with {@code callerDrivenIo(true)}: its blocking callers drive a free connection's event loop (issue 30). */
  public static final String FASTPATH_CALLER_IO = "fastpath-callerio";
  /** Issue 30's prototype: one connection whose event loop its blocking callers drive (package callerio). */
  public static final String CALLER_IO = "callerio";
  /** The prototype with followers waking the driving caller to write their command at once. */
  public static final String CALLER_IO_WAKING = "callerio-waking";
  /** The prototype on 4 connections, a caller driving the first free loop: at up to 4 callers nobody follows. */
  public static final String CALLER_IO_POOL = "callerio-pool";
  /** rueidis, the Go client, as an external process ({@link RueidisProcess}); scenarios c and f1, named explicitly. */
  public static final String RUEIDIS = "rueidis";

  public static final List<String> ALL = List.of(FASTPATH, LETTUCE, JEDIS, REDISSON, VERTX, GLIDE);

  /** {@code --metrics} modes: off (the plain client), Fastpath's and Lettuce's Micrometer support, Fastpath's OpenTelemetry. */
  public static final String METRICS_OFF = "off";
  public static final String METRICS_MICROMETER = "micrometer";
  public static final String METRICS_OPENTELEMETRY = "otel";
  public static final List<String> METRICS_MODES = List.of(METRICS_OFF, METRICS_MICROMETER, METRICS_OPENTELEMETRY);
  /** Joins a client and a metrics mode in a row name: {@code fastpath+micrometer}. */
  static final String METRICS_SEPARATOR = "+";

  static final int TUNED_JEDIS_POOL_SIZE = 64;

  public static final String SWEEP_SEPARATOR = ":";
  private static final String FASTPATH_ADAPTER = "io.fastpath.benchmarks.clients.FastpathBenchClient";

  private BenchClients() {}

  /** Whether the named client can be created in this build. */
  public static boolean isAvailable(String name) {
    if (!isFastpath(name)) {
      return true;
    }
    try {
      Class.forName(FASTPATH_ADAPTER);
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }

  /** Plain {@code fastpath} or a sweep variant such as {@code fastpath:4} or {@code fastpath+otel}. */
  public static boolean isFastpath(String name) {
    return name.equals(FASTPATH) || name.equals(FASTPATH_NO_DETOUR) || name.equals(FASTPATH_CALLER_IO) || name.equals(FASTPATH_CACHE_UNBOUNDED)
        || name.equals(FASTPATH_UNCACHED) || name.startsWith(FASTPATH + SWEEP_SEPARATOR) || name.startsWith(FASTPATH + METRICS_SEPARATOR)
        || name.startsWith(FASTPATH_CALLER_IO + SWEEP_SEPARATOR);
  }

  /**
   * The client names with {@code fastpath} replaced by one row per {@code --metrics} mode ({@code fastpath},
   * {@code fastpath+micrometer}, {@code fastpath+otel}) and {@code lettuce} followed by {@code lettuce+micrometer}
   * when Micrometer is among the modes; unchanged for the default {@code off} alone.
   */
  public static List<String> withMetricsModes(List<String> clients, List<String> modes) {
    List<String> expanded = new ArrayList<>();
    for (String name : clients) {
      boolean fastpath = name.equals(FASTPATH);
      if (!fastpath && !name.equals(LETTUCE)) {
        expanded.add(name);
        continue;
      }
      if (modes.contains(METRICS_OFF)) {
        expanded.add(name);
      }
      for (String mode : modes) {
        if (!mode.equals(METRICS_OFF) && (fastpath || mode.equals(METRICS_MICROMETER))) {
          expanded.add(name + METRICS_SEPARATOR + mode);
        }
      }
    }
    return expanded;
  }

  /** The metrics mode of a row name such as {@code fastpath+otel}, or null for a plain client. */
  public static String metricsMode(String name) {
    int separator = name.indexOf(METRICS_SEPARATOR);
    return separator < 0 ? null : name.substring(separator + 1);
  }

  /**
   * The client names with {@code fastpath} replaced by one {@code fastpath:N} per connection count,
   * so each count runs as its own row; unchanged when there are no counts.
   */
  public static List<String> withConnectionSweep(List<String> clients, List<Integer> connectionCounts) {
    if (connectionCounts.isEmpty()) {
      return clients;
    }
    List<String> expanded = new ArrayList<>();
    for (String name : clients) {
      if (name.equals(FASTPATH)) {
        connectionCounts.forEach(count -> expanded.add(FASTPATH + SWEEP_SEPARATOR + count));
      } else {
        expanded.add(name);
      }
    }
    return expanded;
  }

  public static BenchClient create(String name, BenchServer server) {
    if (name.startsWith(FASTPATH + METRICS_SEPARATOR)) {
      return createFastpath(server.uri(), metricsMode(name));
    }
    if (name.equals(LETTUCE + METRICS_SEPARATOR + METRICS_MICROMETER)) {
      return new LettuceBenchClient(server.uri(), true);
    }
    if (name.startsWith(FASTPATH + SWEEP_SEPARATOR)) {
      return createFastpath(server.uri(), Integer.parseInt(name.substring(FASTPATH.length() + 1)));
    }
    if (name.startsWith(FASTPATH_CALLER_IO + SWEEP_SEPARATOR)) {
      return createFastpathCallerDriven(server.uri(), Integer.parseInt(name.substring(FASTPATH_CALLER_IO.length() + 1)));
    }
    switch (name) {
      case FASTPATH:
        return createFastpath(server.uri(), 0);
      case FASTPATH_NO_DETOUR:
        return createFastpathWithoutDetour(server.uri());
      case FASTPATH_CALLER_IO:
        return createFastpathCallerDriven(server.uri(), 0);
      case LETTUCE:
        return new LettuceBenchClient(server.uri());
      case CALLER_IO:
        return new CallerIoBenchClient("127.0.0.1", server.port(), false);
      case CALLER_IO_POOL:
        return new CallerIoBenchClient("127.0.0.1", server.port(), false, 4);
      case CALLER_IO_WAKING:
        return new CallerIoBenchClient("127.0.0.1", server.port(), true);
      case JEDIS:
        return JedisBenchClient.withDefaultPool("127.0.0.1", server.port());
      case JEDIS_TUNED:
        return JedisBenchClient.withPoolOf("127.0.0.1", server.port(), TUNED_JEDIS_POOL_SIZE);
      case REDISSON:
        return new RedissonBenchClient(server.uri());
      case VERTX:
        return new VertxBenchClient(server.uri());
      case GLIDE:
        return GlideBenchClient.standalone("127.0.0.1", server.port());
      case RUEIDIS:
        throw new IllegalArgumentException("rueidis (Go, an external process) is measured in scenarios c and f only");
      default:
        throw new IllegalArgumentException("unknown client " + name + "; known: " + ALL);
    }
  }

  private static BenchClient createFastpathWithoutDetour(String uri) {
    try {
      return (BenchClient) Class.forName(FASTPATH_ADAPTER).getConstructor(String.class, boolean.class)
          .newInstance(uri, false);
    } catch (InvocationTargetException e) {
      throw new IllegalStateException("Fastpath client failed to start", e.getCause());
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("Fastpath adapter is not in this build", e);
    }
  }

  /** Fastpath with {@code callerDrivenIo(true)} and its default connections when {@code connections} is 0, else that many. */
  private static BenchClient createFastpathCallerDriven(String uri, int connections) {
    try {
      return (BenchClient) Class.forName(FASTPATH_ADAPTER).getMethod("callerDriven", String.class, int.class)
          .invoke(null, uri, connections);
    } catch (InvocationTargetException e) {
      throw new IllegalStateException("Fastpath client failed to start", e.getCause());
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("Fastpath adapter is not in this build", e);
    }
  }

  /** Fastpath with a {@code --metrics} mode's command listener. */
  private static BenchClient createFastpath(String uri, String metricsMode) {
    try {
      return (BenchClient) Class.forName(FASTPATH_ADAPTER).getConstructor(String.class, String.class)
          .newInstance(uri, metricsMode);
    } catch (InvocationTargetException e) {
      throw new IllegalStateException("Fastpath client failed to start", e.getCause());
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("Fastpath adapter is not in this build", e);
    }
  }

  /** Fastpath with its defaults when {@code connectionsPerNode} is 0, else with that many. */
  private static BenchClient createFastpath(String uri, int connectionsPerNode) {
    try {
      Class<?> adapter = Class.forName(FASTPATH_ADAPTER);
      if (connectionsPerNode == 0) {
        return (BenchClient) adapter.getConstructor(String.class).newInstance(uri);
      }
      return (BenchClient)
          adapter.getConstructor(String.class, int.class).newInstance(uri, connectionsPerNode);
    } catch (InvocationTargetException e) {
      throw new IllegalStateException("Fastpath client failed to start", e.getCause());
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("Fastpath adapter is not in this build", e);
    }
  }
}
