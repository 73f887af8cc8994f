package io.fastpath.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.Eventually;
import io.fastpath.ReadPolicy;
import io.fastpath.RedisClient;
import io.fastpath.RedisCrossSlotException;
import io.fastpath.Teardown;
import io.fastpath.command.Reply;
import io.fastpath.command.ScanArgs;
import io.fastpath.testkit.RedisCluster;
import io.fastpath.testkit.RedisClusterExtension;
import io.fastpath.testkit.RedisServer;
import io.fastpath.testkit.RespClient;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Slot routing, multi-key splitting, fan-out and the cross-slot pre-check on a stable 3-primary cluster with one replica each. */
class ClusterRoutingIT {
    @RegisterExtension
    static RedisClusterExtension redis = RedisClusterExtension.of(3, 1);

    static RedisClient client;

    @BeforeAll
    static void connect() {
        client = RedisClient.create(redis.cluster().primaries().get(1).uri());
    }

    @AfterAll
    static void close() throws Exception {
        Teardown.closeAll(client);
    }

    @BeforeEach
    void emptyTheCluster() {
        client.flushall();
    }

    @Test
    void tenThousandRandomKeysEachLandOnTheNodeThatOwnsTheirSlot() throws Exception {
        RedisCluster cluster = redis.cluster();
        Random random = new Random(42);
        List<String> keys = new ArrayList<>();
        List<CompletableFuture<Boolean>> writes = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            String key = "random:" + Long.toHexString(random.nextLong()) + ":" + i;
            keys.add(key);
            writes.add(client.async().set(key, "v" + i));
        }
        CompletableFuture.allOf(writes.toArray(new CompletableFuture<?>[0])).get(60, TimeUnit.SECONDS);

        ClusterSlotOwners owners = ClusterSlotOwners.of(cluster);
        Map<Integer, Long> expectedPerPort = new HashMap<>();
        Map<Integer, RespClient> admins = new HashMap<>();
        try {
            for (RedisServer primary : cluster.primaries()) {
                admins.put(primary.port(), primary.admin());
            }
            RespClient anyAdmin = admins.values().iterator().next();
            for (int i = 0; i < keys.size(); i++) {
                String key = keys.get(i);
                int slot = cluster.keySlot(key);
                if (i % 20 == 0) {
                    assertThat(anyAdmin.call("CLUSTER", "KEYSLOT", key)).isEqualTo((long) slot);
                }
                RedisServer owner = owners.owner(slot);
                expectedPerPort.merge(owner.port(), 1L, Long::sum);
                assertThat(admins.get(owner.port()).call("EXISTS", key)).as("%s on %s", key, owner).isEqualTo(1L);
            }
            for (RedisServer primary : cluster.primaries()) {
                assertThat(admins.get(primary.port()).call("DBSIZE")).as("DBSIZE of %s", primary)
                        .isEqualTo(expectedPerPort.getOrDefault(primary.port(), 0L));
            }
        } finally {
            admins.values().forEach(RespClient::close);
        }
    }

    @Test
    void keysSharingAHashtagLandInOneSlotSoAnAtomicMultiKeyCommandOnThemIsSent() {
        Map<String, String> entries = new LinkedHashMap<>();
        for (int i = 0; i < 20; i++) {
            entries.put("{user:7}:field" + i, "value" + i);
        }
        assertThat(client.msetnx(entries)).isTrue();
        int slot = redis.cluster().keySlot("{user:7}");
        RedisServer owner = ClusterSlotOwners.of(redis.cluster()).owner(slot);
        assertThat(owner.call("DBSIZE")).isEqualTo(20L);
    }

    @Test
    void mgetMsetDelAndExistsAcrossSlotsAnswerInTheCallersOrder() {
        Map<String, String> entries = new LinkedHashMap<>();
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            entries.put("multi:" + i, "value" + i);
            keys.add("multi:" + i);
        }
        client.mset(entries);
        List<String> asked = new ArrayList<>(keys);
        asked.add(100, "multi:absent");
        List<String> values = client.mget(asked);
        assertThat(values).hasSize(201);
        for (int i = 0; i < asked.size(); i++) {
            assertThat(values.get(i)).isEqualTo(entries.get(asked.get(i)));
        }
        assertThat(client.exists(asked)).isEqualTo(200L);
        assertThat(client.touch(asked)).isEqualTo(200L);
        assertThat(client.del(keys.subList(0, 50))).isEqualTo(50L);
        assertThat(client.unlink(keys.subList(50, 100))).isEqualTo(50L);
        assertThat(client.exists(asked)).isEqualTo(100L);
    }

    @Test
    void fanOutDbsizeEqualsTheSumOfEveryPrimarysOwnCount() {
        for (int i = 0; i < 500; i++) {
            client.set("count:" + i, "x");
        }
        long sum = 0;
        for (RedisServer primary : redis.cluster().primaries()) {
            sum += (Long) primary.call("DBSIZE");
        }
        assertThat(sum).isEqualTo(500L);
        assertThat(client.dbsize()).isEqualTo(500L);
        client.flushall();
        assertThat(client.dbsize()).isZero();
    }

    @Test
    void aCommandWhoseKeysSpanSlotsFailsBeforeAnythingIsSent() {
        Map<String, String> entries = new LinkedHashMap<>();
        entries.put("cross:a", "1");
        entries.put("cross:b", "2");
        entries.put("cross:c", "3");
        assertThat(redis.cluster().keySlot("cross:a")).isNotEqualTo(redis.cluster().keySlot("cross:b"));
        assertThatThrownBy(() -> client.async().msetnx(entries))
                .isInstanceOf(RedisCrossSlotException.class)
                .hasMessageContaining("MSETNX")
                .hasMessageContaining("cross:a")
                .hasMessageContaining("cross:b");
        assertThatThrownBy(() -> client.execute(client.commands().command("SUNIONSTORE", "cross:a", "cross:b", "cross:c")))
                .isInstanceOf(RedisCrossSlotException.class);
        assertThat(client.exists("cross:a", "cross:b", "cross:c")).isZero();
    }

    @Test
    void genericCommandsRouteByTheServersCommandTable() {
        for (int i = 0; i < 100; i++) {
            Reply reply = client.execute(client.commands().command("SET", "generic:" + i, "v" + i));
            assertThat(reply).isEqualTo(Reply.SimpleStringReply.OK);
        }
        for (int i = 0; i < 100; i++) {
            assertThat(client.get("generic:" + i)).isEqualTo("v" + i);
        }
    }

    @Test
    void scanIteratesOverTheKeysOfEveryPrimary() {
        Set<String> written = new HashSet<>();
        for (int i = 0; i < 1_000; i++) {
            client.set("scan:" + i, "x");
            written.add("scan:" + i);
        }
        Set<String> seen = new HashSet<>();
        for (String key : client.scan(ScanArgs.none().count(100))) {
            seen.add(key);
        }
        assertThat(seen).isEqualTo(written);
        Reply keys = client.execute(client.commands().command("KEYS", "scan:*"));
        assertThat(((Reply.ArrayReply) keys).elements()).hasSize(1_000);
    }

    @Test
    void aClientWithoutTheCongestionDetourRoutesSplitsAndFansOutLikeAnyOther() {
        try (RedisClient plain = RedisClient.builder().uri(redis.cluster().primaries().get(0).uri())
                .congestionDetour(false).build()) {
            for (int i = 0; i < 50; i++) {
                plain.set("nodetour:" + i, "v" + i);
            }
            assertThat(plain.mget("nodetour:3", "nodetour:17", "nodetour:42")).containsExactly("v3", "v17", "v42");
            assertThat(plain.dbsize()).isEqualTo(client.dbsize());
            assertThatThrownBy(() -> plain.execute(plain.commands().command("RENAME", "nodetour:1", "nodetour:2")))
                    .isInstanceOf(RedisCrossSlotException.class);
            assertThat(plain.get("nodetour:49")).isEqualTo("v49");
        }
    }

    @Test
    void readsUnderReplicaPreferredAreServedByAReplica() throws Exception {
        RedisCluster cluster = redis.cluster();
        int slot = cluster.keySlot("{replicated}");
        RedisServer primary = ClusterSlotOwners.of(cluster).owner(slot);
        RedisServer replica = cluster.replicasOf(primary).get(0);
        client.set("{replicated}:key", "copied");
        try (RespClient replicaAdmin = replica.admin()) {
            replicaAdmin.call("READONLY");
            Eventually.awaitTrue("the replica has the write", () -> replicaAdmin.call("GET", "{replicated}:key") != null,
                    Duration.ofSeconds(10));
            replicaAdmin.call("CONFIG", "RESETSTAT");
            // A frequent refresh: on a loaded machine the seed may still gossip the new replica as a slotless
            // primary when the client loads the topology, and only a later refresh shows it as a replica.
            try (RedisClient replicaReads = RedisClient.builder().uri(primary.uri()).readPolicy(ReadPolicy.REPLICA_PREFERRED)
                    .topologyRefreshPeriod(Duration.ofMillis(500)).build()) {
                Eventually.awaitTrue("a read reaches the replica", () -> {
                    if (replicaAdmin.call("INFO", "commandstats").toString().contains("cmdstat_get:")) {
                        return true;
                    }
                    assertThat(replicaReads.get("{replicated}:key")).isEqualTo("copied");
                    return false;
                }, Duration.ofSeconds(20));
                assertThat(replicaAdmin.call("INFO", "commandstats").toString())
                        .as("reads reach the replica once the client knows it")
                        .contains("cmdstat_get:")
                        .contains("cmdstat_readonly:calls="); // issued in the handshake of the client's replica connections
                replicaAdmin.call("CONFIG", "RESETSTAT");
                for (int i = 0; i < 100; i++) {
                    assertThat(replicaReads.get("{replicated}:key")).isEqualTo("copied");
                }
                assertThat(replicaAdmin.call("INFO", "commandstats").toString()).contains("cmdstat_get:calls=100,");
                replicaReads.set("{replicated}:key", "written to the primary");
                assertThat(client.get("{replicated}:key")).isEqualTo("written to the primary");
            }
            assertThat(primary.call("GET", "{replicated}:key")).isEqualTo("written to the primary");
        }
    }

    @Test
    void readsUnderAnyAndLowestLatencySeeTheWrittenValuesOnceReplicated() throws Exception {
        for (int i = 0; i < 50; i++) {
            client.set("policy:" + i, "v" + i);
        }
        for (ReadPolicy policy : List.of(ReadPolicy.ANY, ReadPolicy.LOWEST_LATENCY)) {
            try (RedisClient reads = RedisClient.builder().uri(redis.cluster().primaries().get(0).uri()).readPolicy(policy).build()) {
                for (int i = 0; i < 50; i++) {
                    String key = "policy:" + i;
                    String value = Eventually.await(key + " readable under " + policy, () -> reads.get(key),
                            Objects::nonNull, Duration.ofSeconds(10)); // a replica may not have the write yet
                    assertThat(value).as("%s under %s", "policy:" + i, policy).isEqualTo("v" + i);
                }
                reads.set("policy:written", policy.name());
                assertThat(client.get("policy:written")).isEqualTo(policy.name());
            }
        }
    }

    @Test
    void scriptLoadReachesEveryPrimarySoEvalshaWorksOnEveryShard() {
        Reply loaded = client.execute(client.commands().command("SCRIPT", "LOAD", "return redis.call('GET', KEYS[1])"));
        String digest = ((Reply.BulkStringReply) loaded).asUtf8();
        for (RedisServer primary : redis.cluster().primaries()) {
            assertThat(primary.call("SCRIPT", "EXISTS", digest)).as("%s", primary).isEqualTo(List.of(1L));
        }
        for (int i = 0; i < 30; i++) {
            client.set("script:" + i, "v" + i);
            Reply value = client.execute(client.commands().command("EVALSHA", digest, 1, "script:" + i));
            assertThat(value).isEqualTo(new Reply.BulkStringReply(("v" + i).getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        }
    }

    @Test
    void aSeedListWhoseFirstAddressIsDownConnectsThroughTheNext() {
        RedisServer node = redis.cluster().primaries().get(0);
        try (RedisClient seeded = RedisClient.builder()
                .seeds("redis://127.0.0.1:1", node.uri())
                .connectTimeout(java.time.Duration.ofMillis(500))
                .build()) {
            seeded.set("seeded", "yes");
            assertThat(client.get("seeded")).isEqualTo("yes");
            assertThat(seeded.toString()).contains("cluster");
        }
    }
}
