package io.fastpath.benchmarks.clients;

import java.util.List;
import redis.clients.jedis.AbstractPipeline;

/** Jedis's bulk mode, standalone ({@code Pipeline}) and on a cluster ({@code ClusterPipeline}) alike. */
public final class JedisPipelineBatches {

  private JedisPipelineBatches() {}

  /** SETs every key through the pipeline, {@code sync()} after each {@code batchSize}, then closes it. */
  public static void setAll(AbstractPipeline pipeline, List<String> keys, String value, int batchSize) {
    try (pipeline) {
      int pending = 0;
      for (String key : keys) {
        pipeline.set(key, value);
        if (++pending == batchSize) {
          pipeline.sync();
          pending = 0;
        }
      }
      pipeline.sync();
    }
  }
}
