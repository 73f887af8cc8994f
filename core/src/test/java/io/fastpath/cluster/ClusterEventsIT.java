package io.fastpath.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.RedisClient;
import io.fastpath.RedisEvent;
import io.fastpath.RedisEventListener;
import io.fastpath.testkit.KeySlots;
import io.fastpath.testkit.RedisCluster;
import io.fastpath.testkit.RedisClusterExtension;
import io.fastpath.testkit.RedisServer;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The event listener hears cluster topology changes and MOVED/ASK redirects on a real 3-primary cluster. */
class ClusterEventsIT {
    @RegisterExtension
    static RedisClusterExtension redis = RedisClusterExtension.of(3, 0);

    @Test
    void slotMovesAreReportedAsTopologyChangesAndTheRedirectsTheyCauseAsRedirected() throws Exception {
        RedisCluster cluster = redis.cluster();
        BlockingQueue<RedisEvent> watcherEvents = new LinkedBlockingQueue<>();
        BlockingQueue<RedisEvent> staleEvents = new LinkedBlockingQueue<>();
        TopologyRefreshes staleRefreshes = new TopologyRefreshes();
        String seed = cluster.primaries().get(0).uri();
        try (RedisClient watcher = RedisClient.builder().uri(seed).connectionsPerNode(1)
                     .topologyRefreshPeriod(Duration.ofMillis(300)).eventListener(watcherEvents::add).build();
             RedisClient stale = RedisClient.builder().uri(seed).connectionsPerNode(1)
                     .eventListener((RedisEventListener) staleEvents::add).commandListener(staleRefreshes).build()) {
            List<String> nodes = cluster.primaries().stream().map(node -> "127.0.0.1:" + node.port()).sorted().toList();
            RedisEvent.TopologyChanged first = (RedisEvent.TopologyChanged) await(staleEvents,
                    e -> e instanceof RedisEvent.TopologyChanged, "the first topology");
            assertThat(first.nodesAdded()).containsExactlyElementsOf(nodes);
            assertThat(first.nodesRemoved()).isEmpty();
            assertThat(first.slotsReassigned()).isEqualTo(KeySlots.SLOT_COUNT);

            String movedKey = "event-moved-key";
            int movedSlot = KeySlots.slot(movedKey);
            RedisServer source = cluster.nodeForSlot(movedSlot);
            RedisServer target = otherPrimary(cluster, source);
            staleRefreshes.awaitStartUpSecondLook(); // the move below then reaches the stale client through its MOVED only
            cluster.migrateSlot(movedSlot, target);

            await(watcherEvents, e -> e instanceof RedisEvent.TopologyChanged change && change.slotsReassigned() == 1
                    && change.nodesAdded().isEmpty() && change.nodesRemoved().isEmpty(), "a one-slot topology change");

            assertThat(stale.get(movedKey)).isNull();
            assertThat(await(staleEvents, e -> e instanceof RedisEvent.Redirected, "a MOVED redirect"))
                    .isEqualTo(new RedisEvent.Redirected("127.0.0.1:" + source.port(), "MOVED", movedSlot, "127.0.0.1:" + target.port()));

            String askedKey = "event-asked-key";
            int askedSlot = KeySlots.slot(askedKey);
            RedisServer askSource = cluster.nodeForSlot(askedSlot);
            RedisServer askTarget = otherPrimary(cluster, askSource);
            cluster.beginMigration(askedSlot, askTarget);
            try {
                assertThat(stale.get(askedKey)).isNull(); // absent on the source, so it answers ASK
                assertThat(await(staleEvents, e -> e instanceof RedisEvent.Redirected, "an ASK redirect")).isEqualTo(
                        new RedisEvent.Redirected("127.0.0.1:" + askSource.port(), "ASK", askedSlot, "127.0.0.1:" + askTarget.port()));
            } finally {
                cluster.finishMigration(askedSlot, askTarget);
            }
        }
    }

    private static RedisServer otherPrimary(RedisCluster cluster, RedisServer not) {
        return cluster.primaries().stream().filter(node -> node != not).findFirst().orElseThrow();
    }

    /** Takes events until one matches (earlier ones, e.g. Connected, are skipped). */
    private static RedisEvent await(BlockingQueue<RedisEvent> events, Predicate<RedisEvent> matching, String what)
            throws InterruptedException {
        long giveUpAt = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() - giveUpAt < 0) {
            RedisEvent event = events.poll(100, TimeUnit.MILLISECONDS);
            if (event != null && matching.test(event)) {
                return event;
            }
        }
        throw new AssertionError("no " + what + " event within 20 s");
    }
}
