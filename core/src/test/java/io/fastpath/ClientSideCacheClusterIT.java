package io.fastpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.testkit.Conditions;
import io.fastpath.testkit.RedisCluster;
import io.fastpath.testkit.RedisClusterExtension;
import io.fastpath.testkit.RedisServer;
import io.fastpath.testkit.RespClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The client-side cache on a local cluster: per-node tracking, slot moves, flushes and lost connections. */
class ClientSideCacheClusterIT {
    @RegisterExtension
    static RedisClusterExtension redis = RedisClusterExtension.of(RedisCluster.builder().primaries(3).replicasPerPrimary(0));

    private RedisClient other;
    private RedisClient cached;

    @BeforeEach
    void connect() {
        String seed = redis.cluster().primaries().get(0).uri();
        other = RedisClient.create(seed);
        other.flushall();
        cached = RedisClient.builder().uri(seed).reconnectBackoff(Duration.ofMillis(5), Duration.ofMillis(50))
                .topologyRefreshPeriod(Duration.ofSeconds(1))
                .clientSideCache(CacheOptions.maxBytes(16 << 20)).build();
    }

    @AfterEach
    void close() throws Exception {
        Teardown.closeAll(cached, other);
    }

    @Test
    void readersMissingOnKeysOfEveryNodeWhileAnotherClientWritesKeepNoStaleEntry() throws Exception {
        int keys = 48; // spread over the three primaries
        ReadersBesideWriters.run(other, "key:", keys, 4, 3_000, i -> {
            int key = ThreadLocalRandom.current().nextInt(keys);
            if (i % 10 == 0) {
                cached.mget("key:" + key, "key:" + (key + 1) % keys);
            } else {
                cached.get("key:" + key);
            }
        });
        for (int k = 0; k < keys; k++) {
            cached.get("key:" + k);
        }
        assertThat(CachedEntriesMatchServer.check(cached, other)).isGreaterThanOrEqualTo(keys);
        assertThat(cached.cacheStats().invalidationsReceived()).isGreaterThan(0);
    }

    @Test
    void ownWriteThenImmediateReadReturnsTheNewValueOnEveryNode() {
        for (int i = 0; i < 20_000; i++) {
            String key = "own:" + (i % 16);
            String value = Integer.toString(i);
            cached.set(key, value);
            assertThat(cached.get(key)).isEqualTo(value);
        }
        CachedEntriesMatchServer.check(cached, other);
    }

    @Test
    void aSlotMigratedAwayAndBackNeverServesWhatItsFormerOwnerCached() {
        RedisCluster cluster = redis.cluster();
        String present = "{moved}present";
        String absent = "{moved}absent";
        int slot = cluster.keySlot(present);
        RedisServer owner = cluster.nodeForSlot(slot);
        RedisServer elsewhere = cluster.primaries().stream().filter(node -> node != owner).findFirst().orElseThrow();
        other.set(present, "v1");
        assertThat(cached.get(present)).isEqualTo("v1");
        assertThat(cached.get(absent)).isNull(); // a nil entry: no key moves with it, so no invalidation will come
        assertThat(cached.cacheStats().entries()).isEqualTo(2);

        cluster.migrateSlot(slot, elsewhere);
        other.set(present, "v2");
        other.set(absent, "written while the slot was away");
        awaitValue(() -> cached.get(absent), "written while the slot was away");
        awaitValue(() -> cached.get(present), "v2");
        CachedEntriesMatchServer.check(cached, other);

        cluster.migrateSlot(slot, owner);
        other.set(present, "v3");
        other.del(absent);
        awaitValue(() -> cached.get(absent), null);
        awaitValue(() -> cached.get(present), "v3");
        assertThat(CachedEntriesMatchServer.check(cached, other)).isGreaterThan(0);
    }

    @Test
    void missesOnSlotsThatMovedBehindTheClientsBackFollowTheRedirectAndCacheTheNewOwnersValue() {
        RedisCluster cluster = redis.cluster();
        // No periodic refresh: the client learns of the moves only from the MOVED its fills get.
        try (RedisClient stale = RedisClient.builder().uri(cluster.primaries().get(0).uri())
                .topologyRefreshPeriod(Duration.ofHours(1)).clientSideCache(CacheOptions.maxBytes(1 << 20)).build()) {
            String got = "{behind-get}key";
            String listed = "{behind-mget}key";
            String unmoved = "{unmoved}key";
            other.set(got, "g1");
            other.set(listed, "m1");
            other.set(unmoved, "u1");
            assertThat(stale.get("{unmoved}warm-up")).isNull(); // the client is connected to every node
            List<int[]> moves = new ArrayList<>();
            for (String key : List.of(got, listed)) {
                int slot = cluster.keySlot(key);
                RedisServer owner = cluster.nodeForSlot(slot);
                RedisServer target = cluster.primaries().stream().filter(node -> node != owner).findFirst().orElseThrow();
                cluster.migrateSlot(slot, target);
                moves.add(new int[] {slot, cluster.primaries().indexOf(owner)});
            }
            try {
                assertThat(stale.get(got)).isEqualTo("g1"); // the fill went to the old owner and followed its MOVED
                assertThat(stale.mget(listed, unmoved)).containsExactly("m1", "u1"); // not a nil for the redirected key
                long hitsBefore = stale.cacheStats().hits();
                Eventually.awaitValue(() -> {
                    assertThat(stale.get(got)).isEqualTo("g1");
                    assertThat(stale.mget(listed, unmoved)).containsExactly("m1", "u1");
                    return stale.cacheStats().hits() >= hitsBefore + 3; // stored from the new owners' replies
                }, true, Duration.ofSeconds(15));
                other.set(got, "g2");
                other.set(listed, "m2");
                awaitValue(() -> stale.get(got), "g2"); // the new owners track the keys: their invalidations arrive
                awaitValue(() -> stale.mget(listed, unmoved), List.of("m2", "u1"));
                CachedEntriesMatchServer.check(stale, other);
            } finally {
                for (int[] move : moves) {
                    cluster.migrateSlot(move[0], cluster.primaries().get(move[1]));
                }
            }
        }
    }

    @Test
    void aMissThatRunsOutOfRedirectsFailsWithTheRedirectExceptionNotTheServersErrorReply() {
        RedisCluster cluster = redis.cluster();
        RecordingListener listener = new RecordingListener();
        try (RedisClient stale = RedisClient.builder().uri(cluster.primaries().get(0).uri()).maxRedirects(0)
                .topologyRefreshPeriod(Duration.ofHours(1)).commandListener(listener)
                .clientSideCache(CacheOptions.maxBytes(1 << 20)).build()) {
            // A cluster client looks at the topology again a second after it starts: once that look is past, only the
            // MOVED (or a lost connection) refreshes it, so the migration below stays behind its back however long it takes
            Conditions.await("the start-up's second look at the topology",
                    () -> listener.events.stream().anyMatch(event -> event.startsWith("topologyRefreshed")), Duration.ofSeconds(15));
            String key = "{no-redirects}key";
            other.set(key, "v");
            int slot = cluster.keySlot(key);
            RedisServer owner = cluster.nodeForSlot(slot);
            RedisServer target = cluster.primaries().stream().filter(node -> node != owner).findFirst().orElseThrow();
            cluster.migrateSlot(slot, target);
            try {
                assertThatThrownBy(() -> stale.get(key)).as("the client's events: %s", listener.events)
                        .isInstanceOf(RedisRedirectException.class).hasMessageContaining("maxRedirects");
            } finally {
                cluster.migrateSlot(slot, owner);
            }
        }
    }

    @Test
    void flushallFromAnotherClientEmptiesTheEntriesOfEveryNode() {
        for (int i = 0; i < 30; i++) {
            other.set("f:" + i, "v");
            cached.get("f:" + i);
        }
        assertThat(cached.cacheStats().entries()).isEqualTo(30);
        other.flushall();
        for (int i = 0; i < 30; i++) {
            String key = "f:" + i;
            awaitValue(() -> cached.get(key), null);
        }
        CachedEntriesMatchServer.check(cached, other);
    }

    @Test
    void killedConnectionsOfOneNodeWithAWriteBeforeTheyReconnectServeTheNewValue() {
        RedisCluster cluster = redis.cluster();
        String key = "killed";
        other.set(key, "before");
        assertThat(cached.get(key)).isEqualTo("before");
        assertThat(cached.get(key)).isEqualTo("before");
        RedisServer owner = cluster.nodeForSlot(cluster.keySlot(key));
        try (RespClient admin = owner.admin()) {
            admin.call("MULTI");
            admin.call("CLIENT", "KILL", "TYPE", "normal", "SKIPME", "yes");
            admin.call("SET", key, "after");
            admin.call("EXEC");
        }
        awaitValue(() -> cached.get(key), "after");
        CachedEntriesMatchServer.check(cached, other);
    }

    private static <T> void awaitValue(Supplier<T> read, T expected) {
        Eventually.awaitValue(read, expected, Duration.ofSeconds(15));
    }
}
