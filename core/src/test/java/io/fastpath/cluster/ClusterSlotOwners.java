package io.fastpath.cluster;

import io.fastpath.testkit.RedisCluster;
import io.fastpath.testkit.RedisServer;
import java.util.Arrays;
import java.util.List;

/** The test's own view of who owns each slot, read from a primary's CLUSTER SLOTS via the testkit's admin client. */
final class ClusterSlotOwners {
    private final int[] portBySlot = new int[16384];

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
        return owners;
    }

    RedisServer owner(RedisCluster cluster, int slot) {
        int port = portBySlot[slot];
        for (RedisServer node : cluster.primaries()) {
            if (node.port() == port) {
                return node;
            }
        }
        throw new AssertionError("no running primary at port " + port + " for slot " + slot);
    }
}
