package io.fastpath.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.Teardown;
import io.fastpath.command.PendingSummary;
import io.fastpath.RedisClient;
import io.fastpath.RedisCrossSlotException;
import io.fastpath.RedisServerException;
import io.fastpath.command.Reply;
import io.fastpath.command.Script;
import io.fastpath.command.StreamEntries;
import io.fastpath.command.StreamEntry;
import io.fastpath.command.StreamOffset;
import io.fastpath.command.StreamReadArgs;
import io.fastpath.command.XAddArgs;
import io.fastpath.testkit.RedisClusterExtension;
import io.fastpath.testkit.RedisServer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Scripts, functions and streams on a 3-primary cluster: keyed calls run on their key's primary, the
 * script and function administration commands reach every primary, and a consumer group drains
 * 100,000 entries spread over streams on different primaries.
 */
class ClusterScriptsAndStreamsIT {
    @RegisterExtension
    static RedisClusterExtension redis = RedisClusterExtension.of(3, 0);

    private static final String LIBRARY = """
            #!lua name=counters
            redis.register_function('bump', function(keys, args)
              return redis.call('INCRBY', keys[1], args[1])
            end)
            redis.register_function{function_name='peek', callback=function(keys, args)
              return redis.call('GET', keys[1])
            end, flags={'no-writes'}}
            """;

    static RedisClient client;

    @BeforeAll
    static void connect() {
        client = RedisClient.create(redis.cluster().primaries().get(0).uri());
    }

    @AfterAll
    static void close() throws Exception {
        Teardown.closeAll(client);
    }

    @BeforeEach
    void emptyEveryPrimary() { // through the testkit, so no test depends on the client's own fan-out to start clean
        for (RedisServer primary : redis.cluster().primaries()) {
            primary.call("FLUSHALL");
            primary.call("SCRIPT", "FLUSH");
            primary.call("FUNCTION", "FLUSH");
        }
    }

    @Test
    void aScriptRunsOnEachKeysPrimaryAndReloadsTransparentlyOnEveryShardAfterAScriptFlushSentThroughTheClient() {
        Script script = Script.of("return redis.call('INCRBY', KEYS[1], ARGV[1])");
        Map<RedisServer, String> keys = oneKeyPerPrimary("counter-");
        RedisServer first = keys.keySet().iterator().next();

        assertThat(client.evalScript(script, List.of(keys.get(first)), List.of("5"))).isEqualTo(new Reply.IntegerReply(5));
        for (RedisServer primary : redis.cluster().primaries()) { // EVAL loaded it on the key's primary only
            assertThat(scriptLoadedOn(primary, script)).as("loaded on %s", primary).isEqualTo(primary == first);
        }
        for (Map.Entry<RedisServer, String> key : keys.entrySet()) {
            if (key.getKey() != first) {
                assertThat(client.evalScript(script, List.of(key.getValue()), List.of("5"))).isEqualTo(new Reply.IntegerReply(5));
            }
            assertThat(key.getKey().call("GET", key.getValue())).isEqualTo("5");
            assertThat(scriptLoadedOn(key.getKey(), script)).isTrue();
        }
        assertThat(client.scriptExists(List.of(script.sha1()))).containsExactly(true);

        client.scriptFlush();
        for (RedisServer primary : redis.cluster().primaries()) {
            assertThat(scriptLoadedOn(primary, script)).as("flushed on %s", primary).isFalse();
        }
        assertThat(client.scriptExists(List.of(script.sha1()))).containsExactly(false);

        for (Map.Entry<RedisServer, String> key : keys.entrySet()) { // each shard answers NOSCRIPT once, then EVAL reloads
            assertThat(client.evalScript(script, List.of(key.getValue()), List.of("2"))).isEqualTo(new Reply.IntegerReply(7));
            assertThat(client.async().evalScript(script, List.of(key.getValue()), List.of("3")).join())
                    .isEqualTo(new Reply.IntegerReply(10));
            assertThat(key.getKey().call("GET", key.getValue())).isEqualTo("10");
            assertThat(scriptLoadedOn(key.getKey(), script)).isTrue();
        }
    }

    @Test
    void scriptLoadThroughTheClientReachesEveryPrimaryAndEvalShaThenRunsOnEachKeysShard() {
        Script script = Script.of("return redis.call('SET', KEYS[1], ARGV[1])");
        assertThat(client.scriptLoad(script.source())).isEqualTo(script.sha1());
        for (RedisServer primary : redis.cluster().primaries()) {
            assertThat(scriptLoadedOn(primary, script)).as("loaded on %s", primary).isTrue();
        }
        for (Map.Entry<RedisServer, String> key : oneKeyPerPrimary("loaded-").entrySet()) {
            client.evalSha(script.sha1(), List.of(key.getValue()), List.of("v-" + key.getValue()));
            assertThat(key.getKey().call("GET", key.getValue())).isEqualTo("v-" + key.getValue());
        }
    }

    @Test
    void aScriptWhoseKeysSpanSlotsIsRefusedBeforeAnythingIsSent() {
        Script script = Script.of("redis.call('SET', KEYS[1], 'x'); return redis.call('SET', KEYS[2], 'y')");
        assertThat(redis.cluster().keySlot("alpha")).isNotEqualTo(redis.cluster().keySlot("omega"));

        assertThatThrownBy(() -> client.evalScript(script, List.of("alpha", "omega"), List.of()))
                .isInstanceOf(RedisCrossSlotException.class).hasMessageContaining("alpha").hasMessageContaining("omega");
        assertThatThrownBy(() -> client.async().evalScript(script, List.of("alpha", "omega"), List.of()))
                .isInstanceOf(RedisCrossSlotException.class);
        assertThatThrownBy(() -> client.eval(script.source(), List.of("alpha", "omega"), List.of()))
                .isInstanceOf(RedisCrossSlotException.class);
        assertThatThrownBy(() -> client.fcall("bump", List.of("alpha", "omega"), List.of("1")))
                .isInstanceOf(RedisCrossSlotException.class);

        for (RedisServer primary : redis.cluster().primaries()) { // neither EVALSHA nor the EVAL fallback reached a node
            assertThat(scriptLoadedOn(primary, script)).isFalse();
            assertThat(primary.call("DBSIZE")).isEqualTo(0L);
        }
        Reply sameSlot = client.evalScript(script, List.of("{tag}alpha", "{tag}omega"), List.of());
        assertThat(sameSlot).isInstanceOf(Reply.SimpleStringReply.class);
        assertThat(redis.cluster().nodeForSlot(redis.cluster().keySlot("{tag}")).call("GET", "{tag}omega")).isEqualTo("y");
    }

    @Test
    void aFunctionLibraryLoadedThroughTheClientIsOnEveryPrimaryRunsByKeyAndIsDeletedAndFlushedEverywhere() {
        assertThat(client.functionLoad(LIBRARY)).isEqualTo("counters");
        for (RedisServer primary : redis.cluster().primaries()) {
            assertThat(libraryNamesOn(primary)).as("libraries of %s", primary).containsExactly("counters");
        }

        Map<RedisServer, String> keys = oneKeyPerPrimary("function-");
        for (Map.Entry<RedisServer, String> key : keys.entrySet()) {
            assertThat(client.fcall("bump", List.of(key.getValue()), List.of("4"))).isEqualTo(new Reply.IntegerReply(4));
            assertThat(client.async().fcall("bump", List.of(key.getValue()), List.of("6")).join())
                    .isEqualTo(new Reply.IntegerReply(10));
            assertThat(key.getKey().call("GET", key.getValue())).isEqualTo("10");
            assertThat(((Reply.BulkStringReply) client.fcallReadOnly("peek", List.of(key.getValue()), List.of())).asUtf8())
                    .isEqualTo("10");
        }

        client.functionDelete("counters");
        for (RedisServer primary : redis.cluster().primaries()) {
            assertThat(libraryNamesOn(primary)).as("libraries of %s", primary).isEmpty();
        }
        for (String key : keys.values()) {
            assertThatThrownBy(() -> client.fcall("bump", List.of(key), List.of("1")))
                    .isInstanceOf(RedisServerException.class).hasMessageContaining("Function not found");
        }

        client.functionLoad(LIBRARY);
        client.functionFlush();
        for (RedisServer primary : redis.cluster().primaries()) {
            assertThat(libraryNamesOn(primary)).as("libraries of %s after FUNCTION FLUSH", primary).isEmpty();
        }
    }

    @Test
    void streamCommandsOnKeysOfDifferentShardsRunOnEachKeysPrimary() {
        for (Map.Entry<RedisServer, String> stream : oneKeyPerPrimary("events-").entrySet()) {
            String key = stream.getValue();
            client.xadd(key, XAddArgs.none().id("1-0"), Map.of("f", "one"));
            client.xadd(key, XAddArgs.none().id("2-0"), Map.of("f", "two"));
            assertThat(stream.getKey().call("XLEN", key)).isEqualTo(2L);
            assertThat(client.xrange(key, "-", "+")).extracting(StreamEntry::id).containsExactly("1-0", "2-0");

            client.xgroupCreate(key, "g", "0");
            List<StreamEntries<String, String>> read = client.xreadGroup("g", "c1", List.of(StreamOffset.undelivered(key)));
            assertThat(read.get(0).entries()).extracting(entry -> entry.fields().get("f")).containsExactly("one", "two");
            assertThat(client.xpending(key, "g").count()).isEqualTo(2);
            assertThat(client.xack(key, "g", List.of("1-0", "2-0"))).isEqualTo(2);
            assertThat(client.xpending(key, "g").count()).isZero();
        }
        assertThat(redis.cluster().keySlot("alpha")).isNotEqualTo(redis.cluster().keySlot("omega"));
        assertThatThrownBy(() -> client.xread(List.of(StreamOffset.fromStart("alpha"), StreamOffset.fromStart("omega"))))
                .isInstanceOf(RedisCrossSlotException.class);
    }

    @Test
    void aConsumerGroupProcessesOneHundredThousandEntriesOverFourStreamsOnDifferentPrimariesEachExactlyOnceAndLeavesNothingPending() {
        int total = 100_000;
        List<String> streams = streamsCoveringEveryPrimary(4);
        for (int chunk = 0; chunk < total; chunk += 10_000) { // pipelined: 10,000 XADDs in flight, then their replies
            List<CompletableFuture<String>> adds = new ArrayList<>(10_000);
            for (int n = chunk; n < chunk + 10_000; n++) {
                adds.add(client.async().xadd(streams.get(n % streams.size()), Map.of("n", Integer.toString(n))));
            }
            adds.forEach(CompletableFuture::join);
        }
        for (String stream : streams) {
            assertThat(redis.cluster().nodeForSlot(redis.cluster().keySlot(stream)).call("XLEN", stream)).isEqualTo(25_000L);
            client.xgroupCreate(stream, "workers", "0");
        }

        boolean[] seen = new boolean[total];
        int processed = 0;
        List<String> unfinished = new ArrayList<>(streams);
        while (!unfinished.isEmpty()) { // each round reads one batch of every unfinished stream at once, one per shard
            List<CompletableFuture<List<StreamEntries<String, String>>>> reads = new ArrayList<>();
            for (String stream : unfinished) {
                reads.add(client.async().xreadGroup("workers", "worker-1", StreamReadArgs.none().count(1000),
                        List.of(StreamOffset.undelivered(stream))));
            }
            List<String> drained = new ArrayList<>();
            List<CompletableFuture<Long>> acks = new ArrayList<>();
            List<Integer> expectedAcks = new ArrayList<>();
            for (int i = 0; i < unfinished.size(); i++) {
                List<StreamEntries<String, String>> read = reads.get(i).join();
                if (read.isEmpty()) {
                    drained.add(unfinished.get(i));
                    continue;
                }
                List<String> ids = new ArrayList<>();
                for (StreamEntry<String, String> entry : read.get(0).entries()) {
                    int n = Integer.parseInt(entry.fields().get("n"));
                    assertThat(seen[n]).as("entry %d delivered twice", n).isFalse();
                    seen[n] = true;
                    ids.add(entry.id());
                }
                acks.add(client.async().xack(unfinished.get(i), "workers", ids));
                expectedAcks.add(ids.size());
                processed += ids.size();
            }
            for (int i = 0; i < acks.size(); i++) {
                assertThat(acks.get(i).join()).isEqualTo((long) expectedAcks.get(i));
            }
            unfinished.removeAll(drained);
        }

        assertThat(processed).isEqualTo(total); // with no entry seen twice: every entry exactly once
        for (String stream : streams) {
            PendingSummary summary = client.xpending(stream, "workers");
            assertThat(summary.count()).as("pending in %s", stream).isZero();
            assertThat(summary.consumers()).isEmpty();
            List<?> onTheNode = (List<?>) redis.cluster().nodeForSlot(redis.cluster().keySlot(stream))
                    .call("XPENDING", stream, "workers");
            assertThat(onTheNode.get(0)).isEqualTo(0L);
        }
    }

    /** One key per primary, named {@code prefix + i}, in the order they were found. */
    private static Map<RedisServer, String> oneKeyPerPrimary(String prefix) {
        Map<RedisServer, String> keys = new LinkedHashMap<>();
        for (int i = 0; keys.size() < redis.cluster().primaries().size(); i++) {
            String key = prefix + i;
            keys.putIfAbsent(redis.cluster().nodeForSlot(redis.cluster().keySlot(key)), key);
        }
        return keys;
    }

    /** {@code count} stream names, at least one on each primary once there are enough of them. */
    private static List<String> streamsCoveringEveryPrimary(int count) {
        List<String> streams = new ArrayList<>(oneKeyPerPrimary("orders-").values());
        Set<Integer> slots = new HashSet<>();
        streams.forEach(stream -> slots.add(redis.cluster().keySlot(stream)));
        for (int i = 0; streams.size() < count; i++) {
            String stream = "more-orders-" + i;
            if (slots.add(redis.cluster().keySlot(stream))) {
                streams.add(stream);
            }
        }
        return streams;
    }

    private static boolean scriptLoadedOn(RedisServer node, Script script) {
        return ((List<?>) node.call("SCRIPT", "EXISTS", script.sha1())).get(0).equals(1L);
    }

    /** FUNCTION LIST on one node through the testkit (RESP2: each library a flat name/value array). */
    private static List<String> libraryNamesOn(RedisServer node) {
        List<String> names = new ArrayList<>();
        for (Object library : (List<?>) node.call("FUNCTION", "LIST")) {
            List<?> fields = (List<?>) library;
            names.add((String) fields.get(fields.indexOf("library_name") + 1));
        }
        return names;
    }
}
