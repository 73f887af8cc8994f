package io.fastpath.spring;

import org.springframework.data.redis.connection.RedisHyperLogLogCommands;

/** HyperLogLog commands. */
final class FastpathHyperLogLogCommands implements RedisHyperLogLogCommands {
    private final FastpathConnection connection;

    FastpathHyperLogLogCommands(FastpathConnection connection) {
        this.connection = connection;
    }

    @Override
    public Long pfAdd(byte[] key, byte[]... values) {
        Arguments.notEmpty(values, "PFADD's values");
        return connection.invoke(new Words("PFADD", key).add((Object[]) values).build(), Replies::toLong);
    }

    @Override
    public Long pfCount(byte[]... keys) {
        Arguments.notEmpty(keys, "PFCOUNT's keys");
        return connection.invoke(new Words("PFCOUNT").add((Object[]) keys).build(), Replies::toLong);
    }

    @Override
    public void pfMerge(byte[] destinationKey, byte[]... sourceKeys) {
        connection.invokeStatus(new Words("PFMERGE", destinationKey).add((Object[]) sourceKeys).build());
    }
}
