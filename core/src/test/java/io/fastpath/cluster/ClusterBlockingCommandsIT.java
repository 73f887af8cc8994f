package io.fastpath.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.Teardown;
import io.fastpath.command.KeyValue;
import io.fastpath.RedisClient;
import io.fastpath.RedisCrossSlotException;
import io.fastpath.testkit.RedisCluster;
import io.fastpath.testkit.RedisClusterExtension;
import io.fastpath.testkit.RedisServer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Blocking commands on a 3-primary cluster: each on its slot's primary, on a pooled dedicated connection. */
class ClusterBlockingCommandsIT {
    @RegisterExtension
    static RedisClusterExtension redis = RedisClusterExtension.of(3, 0);

    static RedisClient client;

    @BeforeAll
    static void connect() {
        client = RedisClient.create(redis.cluster().primaries().get(0).uri());
    }

    @AfterAll
    static void close() throws Exception {
        Teardown.closeAll(client);
    }

    @Test
    void blpopsOnListsAcrossEveryPrimaryGetTheirValuesWhileGetsGoOn() throws Exception {
        List<CompletableFuture<KeyValue<String, String>>> pops = new ArrayList<>();
        List<String> lists = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            String list = "queue:" + i;
            lists.add(list);
            pops.add(client.async().blpop(Duration.ZERO, "{" + list + "}a", "{" + list + "}b"));
        }
        for (int i = 0; i < 200; i++) {
            client.set("plain:" + i, "v" + i);
            assertThat(client.get("plain:" + i)).isEqualTo("v" + i);
        }
        assertThat(pops).noneMatch(CompletableFuture::isDone);
        for (int i = 0; i < lists.size(); i++) {
            client.rpush("{" + lists.get(i) + "}b", "item:" + i);
        }
        for (int i = 0; i < lists.size(); i++) {
            assertThat(pops.get(i).get(10, TimeUnit.SECONDS)).isEqualTo(new KeyValue<>("{" + lists.get(i) + "}b", "item:" + i));
        }
    }

    @Test
    void aBlockingPopOnASlotThatMovedBehindTheClientsBackFollowsTheRedirectToTheNewOwner() {
        RedisCluster cluster = redis.cluster();
        // No periodic refresh: the client learns of the move only from the MOVED its pop gets.
        try (RedisClient stale = RedisClient.builder().uri(cluster.primaries().get(0).uri())
                .topologyRefreshPeriod(Duration.ofHours(1)).build()) {
            String list = "{moved-queue}list";
            int slot = cluster.keySlot(list);
            RedisServer owner = cluster.nodeForSlot(slot);
            RedisServer target = cluster.primaries().stream().filter(node -> node != owner).findFirst().orElseThrow();
            stale.rpush(list, "first", "second");
            cluster.migrateSlot(slot, target);
            try {
                assertThat(stale.blpop(Duration.ofSeconds(5), list)).isEqualTo(new KeyValue<>(list, "first"));
                assertThat(stale.blpop(Duration.ofSeconds(5), list)).isEqualTo(new KeyValue<>(list, "second"));
            } finally {
                cluster.migrateSlot(slot, owner);
            }
        }
    }

    @Test
    void aBlockingPopOnAListAlreadyMovedToTheImportingNodeFollowsTheAskRedirect() {
        RedisCluster cluster = redis.cluster();
        String list = "{asked-queue}list";
        int slot = cluster.keySlot(list);
        RedisServer owner = cluster.nodeForSlot(slot);
        RedisServer target = cluster.primaries().stream().filter(node -> node != owner).findFirst().orElseThrow();
        client.rpush(list, "only");
        cluster.beginMigration(slot, target);
        try {
            while (cluster.migrateKeys(slot, 10) > 0) {
                // the list now lives on the importing node; the owner answers ASK for it
            }
            assertThat(client.blpop(Duration.ofSeconds(5), list)).isEqualTo(new KeyValue<>(list, "only"));
        } finally {
            cluster.finishMigration(slot, target);
            cluster.migrateSlot(slot, owner);
        }
    }

    @Test
    void aBlockingPopOverKeysInDifferentSlotsIsRefusedBeforeAnythingIsSent() {
        assertThat(redis.cluster().keySlot("alpha")).isNotEqualTo(redis.cluster().keySlot("omega"));
        assertThatThrownBy(() -> client.blpop(Duration.ofSeconds(1), "alpha", "omega"))
                .isInstanceOf(RedisCrossSlotException.class).hasMessageContaining("omega");
    }
}
