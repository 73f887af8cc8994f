package io.fastpath.spring;

import org.springframework.data.redis.connection.ClusterSlotHashUtil;

/**
 * When a cluster connection computes a multi-key command in the client, as Spring's Lettuce and Jedis cluster
 * connections do: its keys span several slots and the connection runs commands now. In a pipeline or a transaction
 * the native command is queued instead (and refused there for keys across slots): a client-side result needs the
 * replies before the next call.
 */
final class CrossSlot {
    private CrossSlot() {}

    static boolean computedInClient(FastpathConnection connection, byte[]... keys) {
        return !ClusterSlotHashUtil.isSameSlotForAllKeys(keys) && !connection.isPipelined() && !connection.isQueueing();
    }

    /** {@code first} followed by {@code rest}. */
    static byte[][] merge(byte[] first, byte[]... rest) {
        byte[][] all = new byte[rest.length + 1][];
        all[0] = first;
        System.arraycopy(rest, 0, all, 1, rest.length);
        return all;
    }
}
