package io.fastpath.command;

import io.fastpath.RedisCodec;
import io.fastpath.internal.command.ArgumentList;
import io.fastpath.internal.command.Converters;

/**
 * Builds the publishing commands. Subscribing is not a command: see {@link io.fastpath.RedisClient#subscribe},
 * {@link io.fastpath.RedisClient#psubscribe} and {@link io.fastpath.RedisClient#ssubscribe}.
 */
public interface PubSubCommandBuilder<K, V> {

    RedisCodec<K, V> codec();

    /**
     * PUBLISH; the number of clients that received the message (on a cluster, those connected to the node
     * that took it: the cluster forwards it to the other nodes' subscribers, who are not counted).
     */
    default Command<Long> publish(K channel, V message) {
        return new ArgumentList("PUBLISH", 3)
                .add(codec().encodeKey(channel))
                .add(codec().encodeValue(message))
                .write(Converters.LONG);
    }

    /** SPUBLISH (Redis 7); routed by the shard channel's hash slot; the number of shard subscribers that received it. */
    default Command<Long> spublish(K shardChannel, V message) {
        return new ArgumentList("SPUBLISH", 3)
                .addKey(codec().encodeKey(shardChannel))
                .add(codec().encodeValue(message))
                .write(Converters.LONG);
    }
}
