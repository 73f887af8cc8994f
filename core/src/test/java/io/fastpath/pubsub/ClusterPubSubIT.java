package io.fastpath.pubsub;

import static io.fastpath.pubsub.PubSubIT.publishUntilReceived;
import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.Eventually;
import io.fastpath.PubSubMessage;
import io.fastpath.RedisClient;
import io.fastpath.Subscription;
import io.fastpath.testkit.RedisCluster;
import io.fastpath.testkit.RedisClusterExtension;
import io.fastpath.testkit.RedisServer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Pub/sub on a real cluster (3 primaries, a replica each): broadcast channels, shard channels on their
 * slots' owners, and shard channels following a slot migration, a manual failover and a killed primary
 * (last, since it leaves a node dead).
 */
@SuppressWarnings("try") // subscriptions held open by try-with-resources only to be closed at the end
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ClusterPubSubIT {
    @RegisterExtension
    static RedisClusterExtension redis = RedisClusterExtension.of(
            RedisCluster.builder().primaries(3).replicasPerPrimary(1).nodeTimeout(Duration.ofMillis(2000)));

    @Test
    @Order(1)
    void channelsAndPatternsReceiveWhatIsPublishedOnAnyNode() throws Exception {
        RedisCluster cluster = redis.cluster();
        Inbox channels = new Inbox();
        Inbox patterns = new Inbox();
        try (RedisClient client = RedisClient.create(cluster.primaries().get(0).uri());
             Subscription a = client.subscribe(channels, "broadcast");
             Subscription b = client.psubscribe(patterns, "broadcast.*")) {
            client.publish("broadcast", "via-client");
            assertThat(channels.next().message()).isEqualTo("via-client");
            for (RedisServer node : cluster.nodes()) {
                node.call("PUBLISH", "broadcast", "via-" + node.port());
                node.call("PUBLISH", "broadcast.x", "via-" + node.port());
                assertThat(channels.next().message()).isEqualTo("via-" + node.port());
                PubSubMessage matched = patterns.next();
                assertThat(matched.message()).isEqualTo("via-" + node.port());
                assertThat(matched.pattern()).isEqualTo("broadcast.*");
            }
        }
    }

    @Test
    @Order(2)
    void shardChannelsAcrossSeveralSlotsAreSubscribedOnEachOwnerAndReceiveSpublish() throws Exception {
        RedisCluster cluster = redis.cluster();
        List<String> channels = new ArrayList<>();
        Set<Integer> owners = new HashSet<>();
        for (int i = 0; i < 12; i++) {
            String channel = "{shard" + i + "}:events";
            channels.add(channel);
            owners.add(cluster.nodeForSlot(cluster.keySlot(channel)).port());
        }
        assertThat(owners).hasSize(3); // the channels really span every primary
        Inbox inbox = new Inbox();
        try (RedisClient client = RedisClient.create(cluster.primaries().get(0).uri());
             Subscription ignored = client.ssubscribe(inbox, channels.toArray(new String[0]))) {
            for (String channel : channels) {
                RedisServer owner = cluster.nodeForSlot(cluster.keySlot(channel));
                assertThat(shardSubscribers(owner, channel)).as(channel + " on its owner").isEqualTo(1L);
                assertThat(client.spublish(channel, "to-" + channel)).isEqualTo(1L);
            }
            List<PubSubMessage> received = inbox.next(channels.size());
            // One message per channel; channels of different primaries arrive on different connections, so in any order.
            assertThat(received).extracting(PubSubMessage::channel).containsExactlyInAnyOrderElementsOf(channels);
            assertThat(received).allMatch(message -> message.message().equals("to-" + message.channel()));
        }
    }

    @Test
    @Order(3)
    void aShardChannelFollowsItsSlotToAnotherPrimary() throws Exception {
        RedisCluster cluster = redis.cluster();
        String channel = "{migrating}:events";
        int slot = cluster.keySlot(channel);
        RedisServer source = cluster.nodeForSlot(slot);
        RedisServer target = otherPrimary(cluster, source);
        Inbox inbox = new Inbox();
        try (RedisClient client = RedisClient.create(source.uri());
             Subscription ignored = client.ssubscribe(inbox, channel)) {
            client.spublish(channel, "before");
            assertThat(inbox.next().message()).isEqualTo("before");

            cluster.migrateSlot(slot, target);

            assertThat(publishUntilReceived(inbox, i -> client.spublish(channel, "after-" + i)).channel()).isEqualTo(channel);
            assertThat(shardSubscribers(target, channel)).isEqualTo(1L);
            assertThat(shardSubscribers(source, channel)).isEqualTo(0L);
        }
    }

    @Test
    @Order(4)
    void aShardChannelFollowsAManualFailoverOfItsPrimary() throws Exception {
        RedisCluster cluster = redis.cluster();
        String channel = "{failing-over}:events";
        int slot = cluster.keySlot(channel);
        RedisServer primary = cluster.nodeForSlot(slot);
        RedisServer replica = cluster.replicasOf(primary).get(0);
        Inbox inbox = new Inbox();
        try (RedisClient client = RedisClient.create(primary.uri());
             Subscription ignored = client.ssubscribe(inbox, channel)) {
            client.spublish(channel, "before");
            assertThat(inbox.next().message()).isEqualTo("before");

            cluster.failover(replica);

            assertThat(publishUntilReceived(inbox, i -> client.spublish(channel, "after-" + i)).channel()).isEqualTo(channel);
            // Redis 7 lets a replica of the slot's shard serve SSUBSCRIBE and SPUBLISH reaches the whole shard, so
            // delivery may resume on the demoted primary first; the next topology refresh moves it to the new one.
            awaitShardSubscribers(replica, channel, 1L);
            assertThat(shardSubscribers(primary, channel)).isEqualTo(0L);
        }
    }

    @Test
    @Order(5)
    void aKilledSubscriberConnectionResubscribesItsShardChannels() throws Exception {
        RedisCluster cluster = redis.cluster();
        String channel = "{killed}:events";
        RedisServer owner = cluster.nodeForSlot(cluster.keySlot(channel));
        Inbox inbox = new Inbox();
        try (RedisClient client = RedisClient.create(owner.uri());
             Subscription ignored = client.ssubscribe(inbox, channel)) {
            client.spublish(channel, "before");
            assertThat(inbox.next().message()).isEqualTo("before");
            assertThat((Long) owner.call("CLIENT", "KILL", "TYPE", "pubsub")).isEqualTo(1L);
            assertThat(publishUntilReceived(inbox, i -> client.spublish(channel, "after-" + i)).channel()).isEqualTo(channel);
        }
    }

    @Test
    @Order(6)
    void shardAndBroadcastSubscriptionsBothMoveOffAKilledPrimary() throws Exception {
        RedisCluster cluster = redis.cluster();
        Inbox shard = new Inbox();
        Inbox broadcast = new Inbox();
        try (RedisClient client = RedisClient.create(cluster.primaries().get(0).uri());
             Subscription b = client.subscribe(broadcast, "everyone")) {
            // Kill the primary holding the channel connection, and shard-subscribe to a slot it owns: both must move.
            RedisServer victim = cluster.primaries().stream().filter(node -> channelSubscribers(node, "everyone") == 1L)
                    .findFirst().orElseThrow();
            String channel = channelOwnedBy(cluster, victim);
            try (Subscription a = client.ssubscribe(shard, channel)) {
                client.spublish(channel, "before");
                assertThat(shard.next().message()).isEqualTo("before");

                cluster.killPrimary(victim);
                RedisServer promoted = cluster.awaitPromotion(victim);

                assertThat(publishUntilReceived(shard, i -> client.spublish(channel, "after-" + i)).channel()).isEqualTo(channel);
                assertThat(shardSubscribers(promoted, channel)).isEqualTo(1L);
                RedisServer survivor = otherPrimary(cluster, promoted);
                assertThat(publishUntilReceived(broadcast, i -> (Long) survivor.call("PUBLISH", "everyone", "after-" + i)).channel())
                        .isEqualTo("everyone");
            }
        }
    }

    private static String channelOwnedBy(RedisCluster cluster, RedisServer owner) {
        for (int i = 0; ; i++) {
            String channel = "{doomed" + i + "}:events";
            if (cluster.nodeForSlot(cluster.keySlot(channel)) == owner) {
                return channel;
            }
        }
    }

    private static long channelSubscribers(RedisServer node, String channel) {
        List<?> reply = (List<?>) node.call("PUBSUB", "NUMSUB", channel);
        return (Long) reply.get(1);
    }

    private static void awaitShardSubscribers(RedisServer node, String channel, long expected) throws InterruptedException {
        Eventually.await("PUBSUB SHARDNUMSUB " + channel + " on " + node + " is " + expected,
                () -> shardSubscribers(node, channel), count -> count == expected, Duration.ofSeconds(15));
    }

    private static long shardSubscribers(RedisServer node, String channel) {
        List<?> reply = (List<?>) node.call("PUBSUB", "SHARDNUMSUB", channel);
        return (Long) reply.get(1);
    }

    private static RedisServer otherPrimary(RedisCluster cluster, RedisServer not) {
        for (RedisServer primary : cluster.primaries()) {
            if (primary != not) {
                return primary;
            }
        }
        throw new IllegalStateException("no other primary");
    }
}
