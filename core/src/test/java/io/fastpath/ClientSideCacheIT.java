package io.fastpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.command.Command;
import io.fastpath.command.KeyType;
import io.fastpath.command.KeyValue;
import io.fastpath.command.Reply;
import io.fastpath.internal.connection.Connection;
import io.fastpath.testkit.RedisServer;
import io.fastpath.testkit.RespClient;
import io.netty.channel.EventLoop;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** The client-side cache against a real redis-server: correctness under races, faults, expiry and eviction. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ClientSideCacheIT {
    private RedisServer server;
    /** Another application's client: no cache, so its writes reach the cached client only as invalidations. */
    private RedisClient other;

    @BeforeAll
    void start() {
        server = RedisServer.start();
        other = RedisClient.create(server.uri());
    }

    @AfterAll
    void stop() throws Exception {
        Teardown.closeAll(other, server);
    }

    @BeforeEach
    void flush() {
        other.flushall();
    }

    private RedisClient cachedClient(CacheOptions options) {
        return RedisClient.builder().uri(server.uri()).reconnectBackoff(Duration.ofMillis(5), Duration.ofMillis(50))
                .clientSideCache(options).build();
    }

    /**
     * Tests that count hits exactly use this bound on invalidation delay: with the default 500 µs, a loaded
     * test machine that keeps an I/O thread off the CPU turns a hit into a read from the server, by design.
     * Own-write tests use it too, so only the local eviction can make their reads fresh. The bound itself is
     * tested with a stalled I/O thread, and the race, kill and flush tests run with the default.
     */
    private static final Duration COUNTED_HITS_DELAY = Duration.ofSeconds(5);

    private RedisClient cachedClient() {
        return cachedClient(CacheOptions.maxBytes(16 << 20).maxInvalidationDelay(COUNTED_HITS_DELAY));
    }

    /** The default bound on invalidation delay, for tests that check values, not hit counts. */
    private RedisClient cachedClientWithDefaultDelay() {
        return cachedClient(CacheOptions.maxBytes(16 << 20));
    }

    @Test
    void aSecondGetIsServedFromMemoryUntilAnotherClientWritesTheKey() {
        try (RedisClient redis = cachedClient()) {
            other.set("k", "v1");
            assertThat(redis.get("k")).isEqualTo("v1");
            assertThat(redis.get("k")).isEqualTo("v1");
            assertThat(redis.cacheStats().hits()).isEqualTo(1);
            assertThat(redis.cacheStats().misses()).isEqualTo(1);

            other.set("k", "v2");
            awaitValue(redis, "k", "v2");
            assertThat(redis.cacheStats().invalidationsReceived()).isGreaterThanOrEqualTo(1);
            CachedEntriesMatchServer.check(redis, other);
        }
    }

    @Test
    void keysOfAnyAlphabetAreServedFromMemoryTheSecondTimeAndDroppedByAWrite() {
        List<String> keys = List.of("ascii:1", "clé", "键", "emoji:\uD83D\uDE00", "\u00ff");
        try (RedisClient redis = cachedClient()) {
            for (String key : keys) {
                other.set(key, "v1:" + key);
                assertThat(redis.get(key)).isEqualTo("v1:" + key);
                assertThat(redis.get(key)).isEqualTo("v1:" + key);
            }
            assertThat(redis.cacheStats().hits()).isEqualTo(keys.size());
            assertThat(redis.cacheStats().misses()).isEqualTo(keys.size());

            for (String key : keys) {
                other.set(key, "v2:" + key);
                awaitValue(redis, key, "v2:" + key);
            }
            CachedEntriesMatchServer.check(redis, other);
        }
    }

    @Test
    void anInvalidationWaitingBehindAStalledIoThreadIsNeverOutrunByAReadFromMemory() throws Exception {
        try (RedisClient redis = cachedClient(CacheOptions.maxBytes(16 << 20).maxInvalidationDelay(Duration.ofMillis(1)))) {
            redis.set("stall:key", "old");
            assertThat(redis.get("stall:key")).isEqualTo("old");
            assertThat(redis.core().cache().snapshot()).anySatisfy(entry -> assertThat(new String(entry.key())).isEqualTo("stall:key"));

            CountDownLatch release = stallIoThreads(redis);
            other.set("stall:key", "new"); // acknowledged: its invalidation now sits unread in a stalled socket
            Thread.sleep(5); // Not synchronization: the read must come later than the 1 ms bound; that delay is the scenario

            CompletableFuture<String> read = new CompletableFuture<>();
            Thread reader = new Thread(() -> {
                try {
                    read.complete(redis.get("stall:key"));
                } catch (Throwable failure) {
                    read.completeExceptionally(failure);
                }
            }, "reader-beside-a-stalled-io-thread");
            reader.start();
            // A read from memory would complete with the old value; the right one parks until the I/O thread runs.
            Eventually.awaitTrue("the read completes or waits", () -> read.isDone()
                    || reader.getState() == Thread.State.WAITING || reader.getState() == Thread.State.TIMED_WAITING,
                    Duration.ofSeconds(10));
            release.countDown();
            assertThat(read.get(10, TimeUnit.SECONDS)).isEqualTo("new");
        }
    }

    @Test
    void withoutTheBoundAReadFromMemoryDoesNotWaitForAStalledIoThread() throws Exception {
        try (RedisClient redis = cachedClient(CacheOptions.maxBytes(16 << 20).withoutInvalidationDelayBound())) {
            redis.set("stall:key", "old");
            assertThat(redis.get("stall:key")).isEqualTo("old");
            CountDownLatch release = stallIoThreads(redis);
            try {
                other.set("stall:key", "new");
                // The trade the option makes: served from memory while the invalidation waits in the socket.
                assertThat(CompletableFuture.supplyAsync(() -> redis.get("stall:key")).get(10, TimeUnit.SECONDS)).isEqualTo("old");
            } finally {
                release.countDown();
            }
            awaitValue(redis, "stall:key", "new");
        }
    }

    /** Stalls every I/O thread of {@code redis}, as a GC pause or a starved CPU would, until the latch is released. */
    private static CountDownLatch stallIoThreads(RedisClient redis) throws InterruptedException {
        CountDownLatch release = new CountDownLatch(1);
        Set<EventLoop> loops = new HashSet<>();
        for (Connection connection : redis.core().node().all()) {
            loops.add(connection.eventLoop());
        }
        CountDownLatch stalled = new CountDownLatch(loops.size());
        for (EventLoop loop : loops) {
            loop.execute(() -> {
                stalled.countDown();
                awaitQuietly(release);
            });
        }
        assertThat(stalled.await(5, TimeUnit.SECONDS)).isTrue();
        return release;
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void readersMissingOnHotKeysWhileOtherClientsWriteNeverKeepAStaleEntry() throws Exception {
        try (RedisClient redis = cachedClientWithDefaultDelay()) {
            int keys = 8;
            ReadersBesideWriters.run(other, "hot:", keys, 4, 5_000,
                    i -> redis.get("hot:" + ThreadLocalRandom.current().nextInt(keys)));
            for (int k = 0; k < keys; k++) {
                redis.get("hot:" + k); // refill after the last writes, so the check covers every key
            }
            assertThat(CachedEntriesMatchServer.check(redis, other)).isGreaterThan(0);
            CacheStats stats = redis.cacheStats();
            assertThat(stats.misses()).isGreaterThan(keys); // the race really happened: entries were invalidated and refilled
            assertThat(stats.invalidationsReceived()).isGreaterThan(0);
        }
    }

    @Test
    void ownWriteThenImmediateReadReturnsTheNewValueAHundredThousandTimes() throws Exception {
        try (RedisClient redis = cachedClient()) {
            AtomicBoolean running = new AtomicBoolean(true);
            // Another thread of the same client keeps reads of the same keys in flight, racing each write.
            Thread racingReader = new Thread(() -> {
                while (running.get()) {
                    redis.get("own:" + ThreadLocalRandom.current().nextInt(4));
                }
            });
            racingReader.start();
            List<CompletableFuture<Void>> writers = new ArrayList<>();
            ExecutorService pool = Executors.newFixedThreadPool(4);
            for (int w = 0; w < 4; w++) {
                String key = "own:" + w;
                writers.add(CompletableFuture.runAsync(() -> {
                    for (int i = 0; i < 25_000; i++) {
                        String value = Integer.toString(i);
                        redis.set(key, value);
                        String read = redis.get(key);
                        if (!value.equals(read)) {
                            throw new AssertionError("wrote " + value + " to " + key + " and then read " + read);
                        }
                    }
                }, pool));
            }
            try {
                CompletableFuture.allOf(writers.toArray(new CompletableFuture<?>[0])).get(300, TimeUnit.SECONDS);
            } finally {
                pool.shutdown();
            }
            running.set(false);
            racingReader.join();
            CachedEntriesMatchServer.check(redis, other);
        }
    }

    @Test
    void clientKillOfTheTrackingConnectionsWithAWriteBeforeTheyReconnectServesTheNewValue() {
        try (RedisClient redis = cachedClientWithDefaultDelay()) {
            other.set("k", "before");
            assertThat(redis.get("k")).isEqualTo("before");
            assertThat(redis.get("k")).isEqualTo("before"); // cached
            // One transaction: the kill and the write happen before any reconnect can re-enable tracking.
            try (RespClient admin = server.admin()) {
                admin.call("MULTI");
                admin.call("CLIENT", "KILL", "TYPE", "normal", "SKIPME", "yes");
                admin.call("SET", "k", "after");
                admin.call("EXEC");
            }
            awaitValue(redis, "k", "after");
            CachedEntriesMatchServer.check(redis, other);
        }
    }

    @Test
    void killNineOfTheServerAndAWriteBeforeTheClientReconnectsServesTheNewValue() {
        try (RedisClient redis = cachedClientWithDefaultDelay()) {
            other.set("k", "before");
            assertThat(redis.get("k")).isEqualTo("before");
            assertThat(redis.get("k")).isEqualTo("before");
            server.kill9();
            server.restart();
            try (RedisClient writer = RedisClient.create(server.uri())) {
                writer.set("k", "after"); // the restarted server never tracked the old entry: no invalidation comes
            }
            awaitValue(redis, "k", "after");
            CachedEntriesMatchServer.check(redis, other);
        }
    }

    @Test
    void flushallByAnotherClientClearsEveryEntry() {
        try (RedisClient redis = cachedClientWithDefaultDelay()) {
            for (int i = 0; i < 20; i++) {
                other.set("f:" + i, "v" + i);
                redis.get("f:" + i);
            }
            assertThat(redis.cacheStats().entries()).isEqualTo(20);
            other.flushall();
            // Each connection reads its own flush invalidation; until then (at most maxInvalidationDelay) a read
            // through another connection may still be served from memory, by design: wait for every key.
            for (int i = 0; i < 20; i++) {
                awaitValue(redis, "f:" + i, null);
            }
            CachedEntriesMatchServer.check(redis, other);
        }
    }

    @Test
    void aBlockingPopOnADedicatedConnectionEvictsTheListBeforeItsCallerReadsAgain() {
        try (RedisClient redis = cachedClient()) {
            for (int i = 0; i < 500; i++) {
                String list = "popped:" + (i % 8);
                redis.rpush(list, "first-" + i, "second-" + i);
                assertThat(redis.lrange(list, 0, -1)).startsWith("first-" + i); // cached now
                KeyValue<String, String> popped = redis.blpop(Duration.ofSeconds(1), list);
                assertThat(popped.value()).isEqualTo("first-" + i);
                // The pop ran on a blocking-pool connection; only the local eviction makes this read fresh at once.
                assertThat(redis.lrange(list, 0, -1)).doesNotContain("first-" + i);
                redis.del(list);
            }
            CachedEntriesMatchServer.check(redis, other);
        }
    }

    @Test
    void anEntryExpiresWithTheKeysOwnTtlEvenWithoutAnInvalidation() throws Exception {
        try (RedisClient redis = cachedClient()) {
            server.call("DEBUG", "SET-ACTIVE-EXPIRE", "0"); // the server then only expires a key when it is read
            try {
                other.execute(other.commands().command("SET", "ttl", "v", "PX", "300"));
                assertThat(redis.get("ttl")).isEqualTo("v");
                assertThat(redis.get("ttl")).isEqualTo("v");
                assertThat(redis.cacheStats().hits()).isEqualTo(1);
                // Not synchronization: the key's 300 ms TTL must run out with a margin; touching the key to poll would expire it on the server
                Thread.sleep(400);
                assertThat(redis.get("ttl")).isNull(); // a local TTL longer than PTTL would still answer "v"
                CachedEntriesMatchServer.check(redis, other);
            } finally {
                server.call("DEBUG", "SET-ACTIVE-EXPIRE", "1");
            }
        }
    }

    @Test
    void anExpiredEntryThatNobodyReadsAgainLeavesTheCache() {
        try (RedisClient redis = cachedClient()) {
            server.call("DEBUG", "SET-ACTIVE-EXPIRE", "0"); // no invalidation: the server keeps the key until it is read
            try {
                other.execute(other.commands().command("SET", "unread", "v", "PX", "200"));
                assertThat(redis.get("unread")).isEqualTo("v");
                assertThat(redis.cacheStats().entries()).isEqualTo(1);

                // Nothing reads the key again: only the cache's own expiry can take the entry out.
                Eventually.awaitTrue("the expired entry removed", () -> redis.cacheStats().entries() == 0, Duration.ofSeconds(10));
            } finally {
                server.call("DEBUG", "SET-ACTIVE-EXPIRE", "1");
            }
        }
    }

    @Test
    void theConfiguredTtlBoundsAnEntryOfAKeyWithoutExpiry() throws Exception {
        try (RedisClient redis = cachedClient(CacheOptions.maxBytes(1 << 20).ttl(Duration.ofMillis(200)).maxInvalidationDelay(COUNTED_HITS_DELAY))) {
            other.set("k", "v");
            redis.get("k");
            redis.get("k");
            assertThat(redis.cacheStats().hits()).isEqualTo(1);
            Thread.sleep(300); // Not synchronization: the configured 200 ms TTL must run out, and nothing else ends the entry
            redis.get("k");
            assertThat(redis.cacheStats().misses()).isEqualTo(2);
        }
    }

    @Test
    void aKeySpaceTenTimesLargerThanTheCacheStaysWithinTheByteBound() {
        long maxBytes = 64 * 1024;
        try (RedisClient redis = cachedClient(CacheOptions.maxBytes(maxBytes))) {
            String value = "x".repeat(100);
            int keys = 6_000; // about 250 bytes an entry: ten times what fits
            for (int i = 0; i < keys; i++) {
                other.set("big:" + i, value);
            }
            for (int round = 0; round < 2; round++) {
                for (int i = 0; i < keys; i++) {
                    assertThat(redis.get("big:" + i)).isEqualTo(value);
                }
            }
            CacheStats stats = redis.cacheStats();
            assertThat(stats.bytesUsed()).isLessThanOrEqualTo(maxBytes).isGreaterThan(maxBytes / 4);
            assertThat(stats.evictions()).isGreaterThan(keys / 2);
            assertThat(stats.entries()).isLessThan(keys / 5);
            other.set("big:1", "changed");
            assertThat(CachedEntriesMatchServer.check(redis, other)).isGreaterThan(0);
        }
    }

    @Test
    void aKeyReadOftenStaysCachedWhileTenTimesTheCacheOfKeysReadOnceGoesThrough() {
        long maxBytes = 64 * 1024;
        try (RedisClient redis = cachedClient(CacheOptions.maxBytes(maxBytes).maxInvalidationDelay(COUNTED_HITS_DELAY))) {
            String value = "x".repeat(100);
            int keys = 6_000; // about 250 bytes an entry: ten times what fits
            other.set("hot", value);
            for (int i = 0; i < keys; i++) {
                other.set("cold:" + i, value);
            }
            for (int i = 0; i < keys; i++) {
                assertThat(redis.get("cold:" + i)).isEqualTo(value);
                for (int read = 0; read < 10; read++) {
                    assertThat(redis.get("hot")).isEqualTo(value);
                }
            }
            // Caffeine's policy keeps the key read 60,000 times while keys read once go through (none evicts it).
            assertThat(redis.cacheStats().misses()).isEqualTo(keys + 1);
            assertThat(redis.cacheStats().evictions()).isGreaterThan(keys / 2);
        }
    }

    @Test
    void nilRepliesAreCachedAndErrorsNever() {
        try (RedisClient redis = cachedClient()) {
            assertThat(redis.get("absent")).isNull();
            assertThat(redis.get("absent")).isNull();
            assertThat(redis.cacheStats().hits()).isEqualTo(1);
            other.set("absent", "now");
            awaitValue(redis, "absent", "now");

            other.set("string", "v");
            long hitsBefore = redis.cacheStats().hits();
            long missesBefore = redis.cacheStats().misses();
            for (int i = 0; i < 2; i++) {
                assertThatThrownBy(() -> redis.hget("string", "field"))
                        .isInstanceOf(RedisServerException.class)
                        .satisfies(e -> assertThat(((RedisServerException) e).code()).isEqualTo("WRONGTYPE"));
            }
            assertThat(redis.cacheStats().hits()).isEqualTo(hitsBefore);
            assertThat(redis.cacheStats().misses()).isEqualTo(missesBefore + 2);
            CachedEntriesMatchServer.check(redis, other);
        }
    }

    @Test
    void everyCachedReadIsServedFromMemoryTheSecondTimeAndDroppedByAWrite() {
        try (RedisClient redis = cachedClient()) {
            other.set("s", "text");
            other.hset("h", Map.of("f1", "a", "f2", "b"));
            other.sadd("set", "x", "y");
            other.rpush("list", "1", "2", "3");
            other.zadd("z", 1.0, "one");
            List<Runnable> reads = List.of(
                    () -> assertThat(redis.get("s")).isEqualTo("text"),
                    () -> assertThat(redis.strlen("s")).isEqualTo(4),
                    () -> assertThat(redis.exists("s")).isEqualTo(1),
                    () -> assertThat(redis.type("s")).isEqualTo(KeyType.STRING),
                    () -> assertThat(redis.hget("h", "f1")).isEqualTo("a"),
                    () -> assertThat(redis.hgetAll("h")).containsEntry("f2", "b"),
                    () -> assertThat(redis.hmget("h", "f1", "f2")).containsExactly("a", "b"),
                    () -> assertThat(redis.smembers("set")).containsExactlyInAnyOrder("x", "y"),
                    () -> assertThat(redis.lrange("list", 0, -1)).containsExactly("1", "2", "3"),
                    () -> assertThat(redis.zrange("z", 0, -1)).containsExactly("one"));
            reads.forEach(Runnable::run);
            long missesAfterFirstRound = redis.cacheStats().misses();
            reads.forEach(Runnable::run);
            assertThat(redis.cacheStats().hits()).isEqualTo(reads.size());
            assertThat(redis.cacheStats().misses()).isEqualTo(missesAfterFirstRound);
            assertThat(CachedEntriesMatchServer.check(redis, other)).isEqualTo(reads.size());

            other.hset("h", Map.of("f1", "changed"));
            awaitValue(() -> redis.hget("h", "f1"), "changed");
            assertThat(redis.hmget("h", "f1", "f2")).containsExactly("changed", "b"); // every variant of the key went
            CachedEntriesMatchServer.check(redis, other);
        }
    }

    @Test
    void mgetKeepsOneEntryPerKeyAndSendsOnlyTheMisses() {
        try (RedisClient redis = cachedClient()) {
            other.set("m1", "a");
            other.set("m2", "b");
            assertThat(redis.get("m1")).isEqualTo("a");
            assertThat(redis.mget("m1", "m2", "m3")).containsExactly("a", "b", null);
            CacheStats stats = redis.cacheStats();
            assertThat(stats.hits()).isEqualTo(1); // m1 from the GET's entry
            assertThat(stats.misses()).isEqualTo(3);
            assertThat(redis.mget("m1", "m2", "m3")).containsExactly("a", "b", null);
            assertThat(redis.cacheStats().hits()).isEqualTo(4);
            other.set("m2", "changed");
            awaitValue(() -> redis.get("m2"), "changed");
            assertThat(redis.mget("m1", "m2", "m3")).containsExactly("a", "changed", null);
            CachedEntriesMatchServer.check(redis, other);
        }
    }

    @Test
    void mgetOfAKeyHoldingAnotherTypeAnswersNilAsTheServerDoes() {
        try (RedisClient redis = cachedClient()) {
            other.set("text", "a");
            other.sadd("members", "x");
            assertThat(redis.mget("text", "members")).containsExactly("a", null);
            assertThat(other.mget("text", "members")).containsExactly("a", null); // what the server itself answers
        }
    }

    @Test
    void mgetWithAKeyTheUserMayNotReadFailsWithTheServersErrorInsteadOfANil() {
        server.call("ACL", "SETUSER", "limited", "on", ">limited-secret", "~allowed:*", "+@all");
        try (RedisClient redis = RedisClient.builder().uri(server.uri()).credentials("limited", "limited-secret")
                .clientSideCache(CacheOptions.maxBytes(1 << 20)).build();
             RedisClient uncached = RedisClient.builder().uri(server.uri()).credentials("limited", "limited-secret").build()) {
            other.set("allowed:1", "a");
            other.set("secret:1", "s");
            for (RedisClient client : List.of(uncached, redis)) { // the cached client must fail as the server does
                assertThatThrownBy(() -> client.mget("allowed:1", "secret:1"))
                        .isInstanceOf(RedisServerException.class)
                        .satisfies(e -> assertThat(((RedisServerException) e).code()).isEqualTo("NOPERM"));
            }
            assertThat(redis.mget("allowed:1")).containsExactly("a");
        } finally {
            server.call("ACL", "DELUSER", "limited");
        }
    }

    @Test
    void concurrentMissesOfOneKeyShareOneRequest() throws Exception {
        try (RedisClient redis = cachedClient()) {
            other.set("herd", "v");
            other.execute(other.commands().command("CONFIG", "RESETSTAT"));
            // The server is paused once this returns, so every GET below is dispatched while the first one is unanswered.
            other.execute(other.commands().command("CLIENT", "PAUSE", "300", "ALL"));
            List<CompletableFuture<String>> herd = new ArrayList<>();
            for (int i = 0; i < 32; i++) {
                herd.add(redis.async().get("herd"));
            }
            for (CompletableFuture<String> get : herd) {
                assertThat(get.get(5, TimeUnit.SECONDS)).isEqualTo("v");
            }
            String commandStats = other.info("commandstats");
            assertThat(commandStats).contains("cmdstat_get:calls=1,");
            assertThat(redis.cacheStats().misses()).isEqualTo(32);
        }
    }

    @Test
    void bcastModeCachesOnlyKeysUnderItsPrefixes() {
        try (RedisClient redis = cachedClient(CacheOptions.maxBytes(1 << 20).bcast("user:").maxInvalidationDelay(COUNTED_HITS_DELAY))) {
            other.set("user:1", "ann");
            other.set("order:1", "book");
            // Every connection gets every broadcast, so a late copy of the invalidation of the SET above may
            // still drop the first entry (safe: a miss); the key is cached once those copies are through.
            awaitValue(() -> {
                redis.get("user:1");
                return redis.cacheStats().hits() > 0;
            }, true);
            long hits = redis.cacheStats().hits();
            long misses = redis.cacheStats().misses();
            assertThat(redis.get("order:1")).isEqualTo("book");
            assertThat(redis.get("order:1")).isEqualTo("book");
            assertThat(redis.cacheStats().hits()).isEqualTo(hits); // outside the prefixes: never cached
            assertThat(redis.cacheStats().misses()).isEqualTo(misses);
            assertThat(redis.core().cache().snapshot()).allSatisfy(entry -> assertThat(new String(entry.key())).startsWith("user:"));
            other.set("user:1", "bob");
            awaitValue(redis, "user:1", "bob");
            CachedEntriesMatchServer.check(redis, other);
        }
    }

    @Test
    void anyReadOnlySingleKeyCommandIsCachedOnRequestAndOthersAreRefusedBeforeSending() {
        try (RedisClient redis = cachedClient()) {
            other.hset("h", Map.of("field", "value"));
            Command<Reply> hstrlen = redis.commands().command("HSTRLEN", "h", "field");
            assertThat(redis.executeCached(hstrlen)).isEqualTo(new Reply.IntegerReply(5));
            assertThat(redis.executeCached(hstrlen)).isEqualTo(new Reply.IntegerReply(5));
            assertThat(redis.cacheStats().hits()).isEqualTo(1);
            assertThatThrownBy(() -> redis.executeCached(redis.commands().command("SET", "h2", "v")))
                    .isInstanceOf(RedisArgumentException.class);
            assertThatThrownBy(() -> redis.executeCached(redis.commands().command("MGET", "a", "b")))
                    .isInstanceOf(RedisArgumentException.class);
            assertThatThrownBy(() -> redis.send("CLIENT", "TRACKING", "OFF")).isInstanceOf(RedisArgumentException.class);
            assertThatThrownBy(() -> redis.send("RESET")).isInstanceOf(RedisArgumentException.class);
            other.hset("h", Map.of("field", "longer value"));
            awaitValue(() -> redis.executeCached(hstrlen), new Reply.IntegerReply(12));
            CachedEntriesMatchServer.check(redis, other);
        }
    }

    @Test
    void theBinaryApiGetsItsOwnCopyOfACachedValue() {
        try (RedisClient redis = cachedClient()) {
            other.set("bin", "abc");
            byte[] first = redis.binary().get("bin".getBytes());
            first[0] = 'X';
            assertThat(redis.binary().get("bin".getBytes())).isEqualTo("abc".getBytes());
            assertThat(redis.cacheStats().hits()).isEqualTo(1);
        }
    }

    private static void awaitValue(RedisClient redis, String key, String expected) {
        awaitValue(() -> redis.get(key), expected);
    }

    private static <T> void awaitValue(Supplier<T> read, T expected) {
        Eventually.awaitValue(read, expected, Duration.ofSeconds(10));
    }
}
