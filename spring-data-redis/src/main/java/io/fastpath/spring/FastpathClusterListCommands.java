package io.fastpath.spring;

import java.util.List;

/**
 * List commands on a cluster. Keys in one slot go as one native command; across slots RPOPLPUSH is RPOP then LPUSH,
 * and BRPOPLPUSH is BRPOP then LPUSH, as Spring's Lettuce and Jedis cluster connections do them (not atomic: the
 * element is out of both lists between the two commands). Caller thread only, like its connection.
 */
final class FastpathClusterListCommands extends FastpathListCommands {
    private final FastpathConnection connection;

    FastpathClusterListCommands(FastpathConnection connection) {
        super(connection);
        this.connection = connection;
    }

    @Override
    public byte[] rPopLPush(byte[] srcKey, byte[] dstKey) {
        Arguments.notNull(srcKey, "Source key");
        Arguments.notNull(dstKey, "Destination key");
        if (!CrossSlot.computedInClient(connection, srcKey, dstKey)) {
            return super.rPopLPush(srcKey, dstKey);
        }
        byte[] value = rPop(srcKey);
        // an empty source moves nothing, as RPOPLPUSH (Spring's drivers would LPUSH null and fail their own check)
        if (value != null) {
            lPush(dstKey, value);
        }
        return value;
    }

    @Override
    public byte[] bRPopLPush(int timeout, byte[] srcKey, byte[] dstKey) {
        Arguments.notNull(srcKey, "Source key");
        Arguments.notNull(dstKey, "Destination key");
        if (!CrossSlot.computedInClient(connection, srcKey, dstKey)) {
            return super.bRPopLPush(timeout, srcKey, dstKey);
        }
        List<byte[]> popped = bRPop(timeout, srcKey);
        if (popped != null && !popped.isEmpty()) {
            lPush(dstKey, popped.get(1));
            return popped.get(1);
        }
        return null;
    }
}
