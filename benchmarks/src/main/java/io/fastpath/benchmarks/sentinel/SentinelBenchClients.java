package io.fastpath.benchmarks.sentinel;

import io.fastpath.benchmarks.BenchClients;
import java.lang.reflect.InvocationTargetException;
import java.util.ArrayList;
import java.util.List;

/**
 * The Sentinel scenario's rows: Fastpath with its defaults and with {@code waitForReplicas}; Lettuce with
 * a Sentinel {@code RedisURI} and with {@code MasterReplica}; Jedis with {@code JedisSentinelPool} and
 * with {@code RedisSentinelClient}. The Fastpath adapter is loaded by class name, as in {@link BenchClients}.
 */
final class SentinelBenchClients {

  static final String FASTPATH_WAIT = "fastpath-wait";
  static final String LETTUCE_MASTER_REPLICA = "lettuce-masterreplica";
  static final String JEDIS_CLIENT = "jedis-sentinelclient";

  private static final String FASTPATH_ADAPTER = "io.fastpath.benchmarks.sentinel.FastpathSentinelClient";

  private SentinelBenchClients() {}

  static List<String> rows(List<String> clients) {
    List<String> rows = new ArrayList<>();
    for (String name : clients) {
      switch (name) {
        case BenchClients.FASTPATH -> rows.addAll(List.of(BenchClients.FASTPATH, FASTPATH_WAIT));
        case BenchClients.LETTUCE -> rows.addAll(List.of(BenchClients.LETTUCE, LETTUCE_MASTER_REPLICA));
        case BenchClients.JEDIS -> rows.addAll(List.of(BenchClients.JEDIS, JEDIS_CLIENT));
        default -> { } // Redisson and Vert.x have no row here
      }
    }
    return rows;
  }

  static SentinelBenchClient create(String row, String primaryName, List<String> sentinels) {
    return switch (row) {
      case BenchClients.FASTPATH -> fastpath(primaryName, sentinels, false);
      case FASTPATH_WAIT -> fastpath(primaryName, sentinels, true);
      case BenchClients.LETTUCE -> new LettuceSentinelClient(primaryName, sentinels, false);
      case LETTUCE_MASTER_REPLICA -> new LettuceSentinelClient(primaryName, sentinels, true);
      case BenchClients.JEDIS -> new JedisSentinelClient(primaryName, sentinels, true);
      case JEDIS_CLIENT -> new JedisSentinelClient(primaryName, sentinels, false);
      default -> throw new IllegalArgumentException("unknown Sentinel client " + row);
    };
  }

  private static SentinelBenchClient fastpath(String primaryName, List<String> sentinels, boolean waitForReplicas) {
    try {
      return (SentinelBenchClient) Class.forName(FASTPATH_ADAPTER)
          .getConstructor(String.class, List.class, boolean.class).newInstance(primaryName, sentinels, waitForReplicas);
    } catch (InvocationTargetException e) {
      throw new IllegalStateException("Fastpath client failed to start", e.getCause());
    } catch (ReflectiveOperationException | LinkageError e) {
      throw new IllegalStateException("Fastpath adapter is not in this build", e);
    }
  }
}
