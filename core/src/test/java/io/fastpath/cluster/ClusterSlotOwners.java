package io.fastpath.cluster;

import io.fastpath.testkit.RedisCluster;
import io.fastpath.testkit.RedisServer;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The test's own view of who owns each slot, read from a primary's CLUSTER SLOTS via the testkit's admin client, with
 * the running primaries as they were then (asked once: each asking sends ROLE to every node).
 */
final class ClusterSlotOwners {
    private final int[] portBySlot = new int[16384];
    private final Map<Integer, RedisServer> primaryByPort = new HashMap<>();

    private ClusterSlotOwners() {}

    static ClusterSlotOwners of(RedisCluster cluster) {
        ClusterSlotOwners owners = new ClusterSlotOwners();
        Arrays.fill(owners.portBySlot, -1);
        RedisServer any = cluster.primaries().get(0);
        for (Object range : (List<?>) any.call("CLUSTER", "SLOTS")) {
            List<?> entry = (List<?>) range;
            int start = ((Long) entry.get(0)).intValue();
            int end = ((Long) entry.get(1)).intValue();
            int port = ((Long) ((List<?>) entry.get(2)).get(1)).intValue();
            Arrays.fill(owners.portBySlot, start, end + 1, port);
        }
        for (RedisServer primary : cluster.primaries()) {
            owners.primaryByPort.put(primary.port(), primary);
        }
        return owners;
    }

    RedisServer owner(int slot) {
        RedisServer primary = primaryByPort.get(portBySlot[slot]);
        if (primary == null) {
            throw new AssertionError("no running primary at port " + portBySlot[slot] + " for slot " + slot);
        }
        return primary;
    }
}
