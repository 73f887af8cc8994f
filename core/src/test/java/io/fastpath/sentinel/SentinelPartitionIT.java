package io.fastpath.sentinel;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.RedisClient;
import io.fastpath.RedisEvent;
import io.fastpath.SentinelOptions;
import io.fastpath.testkit.RedisServer;
import io.fastpath.testkit.RespClient;
import io.fastpath.testkit.SentinelDeployment;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * A primary cut off from its Sentinels and replicas by a network partition (the testkit's fault proxy),
 * while the client still reaches it and it still takes writes: Sentinel promotes a replica, and from the
 * moment a Sentinel announces the failover the old primary receives no more writes from this client.
 */
class SentinelPartitionIT {
    private static final int CALLERS = 32;
    private static final Duration RECOVERY = Duration.ofSeconds(30);

    @Test
    void aPartitionedPrimaryThatStillTakesWritesGetsNoneOnceAFailoverIsAnnounced() throws Exception {
        try (SentinelDeployment deployment = SentinelDeployment.builder().partitionable().start()) {
            RedisServer cutOff = deployment.primary();
            AtomicLong incrsWhenAnnounced = new AtomicLong(-1);
            try (RedisClient redis = RedisClient.builder()
                    .sentinel(SentinelOptions.of(deployment.primaryName(), deployment.sentinelAddresses()))
                    .eventListener(event -> {
                        if (event instanceof RedisEvent.FailoverAnnounced) {
                            incrsWhenAnnounced.compareAndSet(-1, incrCalls(cutOff)); // read straight from its own port
                        }
                    })
                    .build();
                 FailoverCallers callers = FailoverCallers.start(redis, "partition", CALLERS, true)) {
                callers.awaitMoreSuccesses(2_000, RECOVERY);
                long partitionedAt = System.nanoTime();
                deployment.partition(cutOff);
                long incrsAfterwards;
                try {
                    deployment.awaitNewPrimary(cutOff);
                    long recoveredAt = callers.awaitEveryCallerWritingAfter(System.nanoTime(), RECOVERY);
                    incrsAfterwards = incrCalls(cutOff); // still cut off from the Sentinels: nothing demoted it yet
                    callers.stop();
                    System.out.println("[sentinel] " + callers + ", writes lost to the split brain seen by readers: "
                            + callers.lostWritesSeen);
                    callers.assertEveryReplyWasTheCallersOwn();
                    callers.assertFailuresOnlyDeliveryFailuresBetween(partitionedAt, recoveredAt);
                } finally {
                    deployment.heal(cutOff);
                }
                assertThat(incrsWhenAnnounced.get()).as("a failover announcement reached the client").isNotNegative();
                // At most the INCR each caller had in flight when the hold began reached the old primary later.
                assertThat(incrsAfterwards - incrsWhenAnnounced.get()).isLessThanOrEqualTo(CALLERS);
            }
        }
    }

    private static long incrCalls(RedisServer node) {
        try (RespClient admin = node.admin()) {
            String stats = (String) admin.call("INFO", "commandstats");
            for (String line : stats.split("\r\n")) {
                if (line.startsWith("cmdstat_incr:calls=")) {
                    return Long.parseLong(line.substring("cmdstat_incr:calls=".length(), line.indexOf(',')));
                }
            }
            return 0;
        }
    }
}
