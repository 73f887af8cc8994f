package io.fastpath.spring;

import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.data.redis.connection.ClusterSlotHashUtil;

/**
 * String commands on a cluster. Keys in one slot go as one native command; across slots MSETNX is one MSETNX per slot,
 * true only when every slot's succeeded, as Lettuce's cluster client (behind Spring's Lettuce cluster connection) does
 * it: not atomic, a slot whose keys were all absent is written even when another slot's MSETNX was refused. Caller
 * thread only, like its connection.
 */
final class FastpathClusterStringCommands extends FastpathStringCommands {
    private final FastpathConnection connection;

    FastpathClusterStringCommands(FastpathConnection connection) {
        super(connection);
        this.connection = connection;
    }

    @Override
    public Boolean mSetNX(Map<byte[], byte[]> tuple) {
        Arguments.notNull(tuple, "Tuple");
        if (!CrossSlot.computedInClient(connection, tuple.keySet().toArray(new byte[0][]))) {
            return super.mSetNX(tuple);
        }
        Map<Integer, Map<byte[], byte[]>> bySlot = new LinkedHashMap<>();
        tuple.forEach((key, value) -> bySlot.computeIfAbsent(ClusterSlotHashUtil.calculateSlot(key), slot -> new LinkedHashMap<>())
                .put(key, value));
        boolean allSet = true;
        for (Map<byte[], byte[]> slotTuple : bySlot.values()) {
            allSet &= Boolean.TRUE.equals(super.mSetNX(slotTuple)); // every slot is tried, as Lettuce sends them all
        }
        return allSet;
    }
}
