package io.fastpath.benchmarks.clients;

import java.util.List;
import org.redisson.api.BatchOptions;
import org.redisson.api.RBatch;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;

/** Redisson's bulk mode, standalone and on a cluster alike (where it splits each batch by node). */
public final class RedissonBatches {

  private RedissonBatches() {}

  /** SETs every key through one {@link RBatch} per {@code batchSize}, each {@code execute()}d before the next. */
  public static void setAll(RedissonClient client, List<String> keys, String value, int batchSize) {
    RBatch batch = client.createBatch(BatchOptions.defaults());
    int pending = 0;
    for (String key : keys) {
      batch.<String>getBucket(key, StringCodec.INSTANCE).setAsync(value);
      if (++pending == batchSize) {
        batch.execute();
        batch = client.createBatch(BatchOptions.defaults());
        pending = 0;
      }
    }
    if (pending > 0) {
      batch.execute();
    }
  }
}
