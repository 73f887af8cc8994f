package io.fastpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.command.AutoClaimed;
import io.fastpath.command.PendingEntry;
import io.fastpath.command.PendingRange;
import io.fastpath.command.PendingSummary;
import io.fastpath.command.Reply;
import io.fastpath.command.StreamConsumerInfo;
import io.fastpath.command.StreamEntries;
import io.fastpath.command.StreamEntry;
import io.fastpath.command.StreamGroupInfo;
import io.fastpath.command.StreamOffset;
import io.fastpath.command.StreamReadArgs;
import io.fastpath.command.StreamTrim;
import io.fastpath.command.XAddArgs;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class StreamCommandsIT extends RedisServerPerClass {

    @Test
    void xaddWithExplicitIdsAndXrangeReadTheEntriesBackWithTheirFieldsInOrder() {
        assertThat(redis.xadd("s", XAddArgs.none().id("1-1"), Map.of("a", "1"))).isEqualTo("1-1");
        assertThat(redis.xadd("s", XAddArgs.none().id("2-1"), Map.of("b", "2"))).isEqualTo("2-1");
        String generated = redis.xadd("s", Map.of("c", "3"));
        assertThat(generated).matches("\\d+-\\d+");

        List<StreamEntry<String, String>> all = redis.xrange("s", "-", "+");
        assertThat(all).extracting(StreamEntry::id).containsExactly("1-1", "2-1", generated);
        assertThat(all.get(0).fields()).containsExactly(Map.entry("a", "1"));
        assertThat(redis.xrange("s", "(1-1", "+", 1)).extracting(StreamEntry::id).containsExactly("2-1");
        assertThat(redis.xrevrange("s", "+", "-")).extracting(StreamEntry::id).containsExactly(generated, "2-1", "1-1");
        assertThat(redis.xrevrange("s", "+", "-", 2)).extracting(StreamEntry::id).containsExactly(generated, "2-1");
        assertThat(redis.xrange("missing", "-", "+")).isEmpty();
        assertThat(redis.xlen("s")).isEqualTo(3);
        assertThat(redis.xlen("missing")).isZero();
    }

    @Test
    void xaddWithNoMakeStreamDoesNothingForAMissingStream() {
        assertThat(redis.xadd("missing", XAddArgs.none().noMakeStream(), Map.of("a", "1"))).isNull();
        assertThat(redis.exists("missing")).isZero();
        redis.xadd("s", Map.of("a", "1"));
        assertThat(redis.xadd("s", XAddArgs.none().noMakeStream(), Map.of("a", "2"))).isNotNull();
    }

    @Test
    void xaddTrimsExactlyToMaxLengthAndByMinimumId() {
        for (int i = 1; i <= 10; i++) {
            redis.xadd("s", XAddArgs.none().id(i + "-0").trim(StreamTrim.maxLength(5)), Map.of("n", Integer.toString(i)));
        }
        assertThat(redis.xlen("s")).isEqualTo(5);
        assertThat(redis.xrange("s", "-", "+").get(0).fields()).containsEntry("n", "6");

        redis.xadd("s", XAddArgs.none().id("11-0").trim(StreamTrim.minId("9-0")), Map.of("n", "11"));
        assertThat(redis.xrange("s", "-", "+")).extracting(StreamEntry::id).containsExactly("9-0", "10-0", "11-0");
    }

    @Test
    void approximateTrimmingKeepsAtLeastTheAskedLength() {
        for (int i = 0; i < 1000; i++) {
            redis.xadd("s", XAddArgs.none().trim(StreamTrim.maxLength(100).approximate()), Map.of("n", Integer.toString(i)));
        }
        // Whole listpack nodes only: at least 100 remain, but far fewer than were added.
        assertThat(redis.xlen("s")).isBetween(100L, 999L);
    }

    @Test
    void xtrimReportsEvictionsAndXdelDeletesOnlyExistingIds() {
        for (int i = 1; i <= 6; i++) {
            redis.xadd("s", XAddArgs.none().id(i + "-0"), Map.of("n", Integer.toString(i)));
        }
        assertThat(redis.xtrim("s", StreamTrim.maxLength(4))).isEqualTo(2);
        assertThat(redis.xtrim("s", StreamTrim.minId("4-0"))).isEqualTo(1);
        assertThat(redis.xdel("s", List.of("4-0", "99-0"))).isEqualTo(1);
        assertThat(redis.xrange("s", "-", "+")).extracting(StreamEntry::id).containsExactly("5-0", "6-0");
        assertThat(redis.async().xtrim("s", StreamTrim.maxLength(1000).approximate().limit(10)).join()).isZero();
    }

    @Test
    void xreadReturnsNewEntriesPerStreamAndNothingWhenUpToDate() {
        redis.xadd("{s}a", XAddArgs.none().id("1-0"), Map.of("f", "a1"));
        redis.xadd("{s}a", XAddArgs.none().id("2-0"), Map.of("f", "a2"));
        redis.xadd("{s}b", XAddArgs.none().id("1-0"), Map.of("f", "b1"));

        List<StreamEntries<String, String>> read = redis.xread(StreamReadArgs.none().count(1),
                List.of(StreamOffset.fromStart("{s}a"), StreamOffset.after("{s}b", "0")));
        assertThat(read).extracting(StreamEntries::stream).containsExactly("{s}a", "{s}b");
        assertThat(read.get(0).entries()).extracting(StreamEntry::id).containsExactly("1-0");
        assertThat(read.get(1).entries().get(0).fields()).containsEntry("f", "b1");

        List<StreamEntries<String, String>> rest = redis.xread(List.of(StreamOffset.after("{s}a", "1-0"), StreamOffset.after("{s}b", "1-0")));
        assertThat(rest).hasSize(1);
        assertThat(rest.get(0).entries()).extracting(StreamEntry::id).containsExactly("2-0");
        assertThat(redis.xread(List.of(StreamOffset.after("{s}a", "2-0")))).isEmpty();
    }

    @Test
    void aConsumerGroupProcessesOneHundredThousandEntriesInBatchesEachExactlyOnceAndLeavesNothingPending() {
        int total = 100_000;
        for (int chunk = 0; chunk < total; chunk += 10_000) { // pipelined: 10,000 XADDs in flight, then their replies
            List<CompletableFuture<String>> adds = new ArrayList<>(10_000);
            for (int n = chunk; n < chunk + 10_000; n++) {
                adds.add(redis.async().xadd("jobs", Map.of("n", Integer.toString(n))));
            }
            adds.forEach(CompletableFuture::join);
        }
        assertThat(redis.xlen("jobs")).isEqualTo(total);
        redis.xgroupCreate("jobs", "workers", "0");

        boolean[] seen = new boolean[total];
        int processed = 0;
        int batches = 0;
        while (true) {
            List<StreamEntries<String, String>> read = redis.xreadGroup("workers", "worker-1",
                    StreamReadArgs.none().count(1000), List.of(StreamOffset.undelivered("jobs")));
            if (read.isEmpty()) {
                break;
            }
            List<String> ids = new ArrayList<>();
            for (StreamEntry<String, String> entry : read.get(0).entries()) {
                int n = Integer.parseInt(entry.fields().get("n"));
                assertThat(seen[n]).as("entry %d delivered twice", n).isFalse();
                seen[n] = true;
                ids.add(entry.id());
            }
            assertThat(redis.xpending("jobs", "workers").count()).isEqualTo(ids.size());
            assertThat(redis.xack("jobs", "workers", ids)).isEqualTo(ids.size());
            processed += ids.size();
            batches++;
        }
        assertThat(processed).isEqualTo(total);
        assertThat(batches).isEqualTo(100);
        for (int n = 0; n < total; n++) {
            assertThat(seen[n]).as("entry %d never delivered", n).isTrue();
        }
        PendingSummary summary = redis.xpending("jobs", "workers");
        assertThat(summary.count()).isZero();
        assertThat(summary.lowestId()).isNull();
        assertThat(summary.consumers()).isEmpty();
        assertThat(redis.xinfoGroups("jobs")).containsExactly(
                new StreamGroupInfo("workers", 1, 0, redis.xrevrange("jobs", "+", "-", 1).get(0).id()));
    }

    @Test
    void pendingEntriesAreListedPerConsumerAndXclaimMovesOne() {
        redis.xgroupCreate("s", "g", "$", true);
        String first = redis.xadd("s", Map.of("n", "1"));
        String second = redis.xadd("s", Map.of("n", "2"));
        redis.xreadGroup("g", "alice", List.of(StreamOffset.undelivered("s")));

        PendingSummary summary = redis.xpending("s", "g");
        assertThat(summary).isEqualTo(new PendingSummary(2, first, second, Map.of("alice", 2L)));
        List<PendingEntry> pending = redis.xpending("s", "g", PendingRange.all(10));
        assertThat(pending).extracting(PendingEntry::id).containsExactly(first, second);
        assertThat(pending.get(0).consumer()).isEqualTo("alice");
        assertThat(pending.get(0).deliveryCount()).isEqualTo(1);

        awaitEveryPendingEntryIdle("s", "g", 10);
        List<StreamEntry<String, String>> claimed = redis.xclaim("s", "g", "bob", Duration.ofMillis(10), List.of(first));
        assertThat(claimed).extracting(StreamEntry::id).containsExactly(first);
        assertThat(claimed.get(0).fields()).containsEntry("n", "1");
        assertThat(redis.xpending("s", "g", PendingRange.all(10).consumer("bob"))).extracting(PendingEntry::id)
                .containsExactly(first);
        assertThat(redis.xpending("s", "g", PendingRange.all(10).consumer("bob")).get(0).deliveryCount()).isEqualTo(2);
        assertThat(redis.xclaim("s", "g", "carol", Duration.ofMinutes(1), List.of(second))).isEmpty();
        assertThat(redis.xclaimJustId("s", "g", "carol", Duration.ZERO, List.of(second))).containsExactly(second);
        assertThat(redis.xpending("s", "g").consumers()).containsOnly(Map.entry("bob", 1L), Map.entry("carol", 1L));
    }

    @Test
    void xautoclaimMovesIdleEntriesAndReportsDeletedOnes() {
        redis.xgroupCreate("s", "g", "0", true);
        String kept = redis.xadd("s", Map.of("n", "1"));
        String deleted = redis.xadd("s", Map.of("n", "2"));
        redis.xreadGroup("g", "alice", List.of(StreamOffset.undelivered("s")));
        redis.xdel("s", List.of(deleted));
        awaitEveryPendingEntryIdle("s", "g", 10);

        AutoClaimed<String, String> claimed = redis.xautoclaim("s", "g", "bob", Duration.ofMillis(10), "0-0");
        assertThat(claimed.nextStartId()).isEqualTo("0-0");
        assertThat(claimed.entries()).extracting(StreamEntry::id).containsExactly(kept);
        assertThat(claimed.deletedIds()).containsExactly(deleted);
        assertThat(redis.xpending("s", "g", PendingRange.all(10))).extracting(PendingEntry::consumer).containsExactly("bob");
        assertThat(redis.xautoclaim("s", "g", "carol", Duration.ofMinutes(1), "0-0", 10).entries()).isEmpty();
    }

    @Test
    void noAckReadsLeaveNothingPendingAndHistoryReadsShowOnlyOwnPendingEntries() {
        redis.xgroupCreate("s", "g", "$", true);
        redis.xadd("s", XAddArgs.none().id("1-0"), Map.of("n", "1"));
        redis.xadd("s", XAddArgs.none().id("2-0"), Map.of("n", "2"));
        redis.xreadGroup("g", "alice", StreamReadArgs.none().count(1).noAck(), List.of(StreamOffset.undelivered("s")));
        assertThat(redis.xpending("s", "g").count()).isZero();
        redis.xreadGroup("g", "alice", List.of(StreamOffset.undelivered("s")));
        List<StreamEntries<String, String>> history = redis.xreadGroup("g", "alice", List.of(StreamOffset.fromStart("s")));
        assertThat(history.get(0).entries()).extracting(StreamEntry::id).containsExactly("2-0");
        assertThatThrownBy(() -> redis.xread(StreamReadArgs.none().noAck(), List.of(StreamOffset.fromStart("s"))))
                .isInstanceOf(RedisArgumentException.class);
    }

    @Test
    void groupsAndConsumersAreManagedAndDescribed() {
        redis.xgroupCreate("s", "g", "$", true);
        assertThatThrownBy(() -> redis.xgroupCreate("missing", "g", "$")).isInstanceOf(RedisServerException.class);
        assertThat(redis.xgroupCreateConsumer("s", "g", "alice")).isTrue();
        assertThat(redis.xgroupCreateConsumer("s", "g", "alice")).isFalse();
        redis.xadd("s", XAddArgs.none().id("1-0"), Map.of("n", "1"));
        redis.xreadGroup("g", "alice", List.of(StreamOffset.undelivered("s")));

        List<StreamConsumerInfo> consumers = redis.xinfoConsumers("s", "g");
        assertThat(consumers).extracting(StreamConsumerInfo::name).containsExactly("alice");
        assertThat(consumers.get(0).pending()).isEqualTo(1);
        assertThat(consumers.get(0).idleMillis()).isGreaterThanOrEqualTo(0);
        Reply info = redis.xinfoStream("s");
        assertThat(info).isInstanceOf(Reply.MapReply.class);
        assertThat(((Reply.MapReply) info).entries()).containsEntry(
                new Reply.BulkStringReply("length".getBytes(java.nio.charset.StandardCharsets.UTF_8)), new Reply.IntegerReply(1));

        assertThat(redis.xgroupDeleteConsumer("s", "g", "alice")).isEqualTo(1);
        redis.xgroupSetId("s", "g", "0");
        assertThat(redis.xreadGroup("g", "bob", List.of(StreamOffset.undelivered("s"))).get(0).entries()).hasSize(1);
        assertThat(redis.xgroupDestroy("s", "g")).isTrue();
        assertThat(redis.xgroupDestroy("s", "g")).isFalse();
        assertThat(redis.xinfoGroups("s")).isEmpty();
    }

    @Test
    void invalidArgumentsFailBeforeAnythingIsSent() {
        assertThatThrownBy(() -> redis.xadd("s", Map.of())).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> StreamTrim.maxLength(10).limit(5)).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> redis.xread(List.of())).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> redis.xack("s", "g", List.of())).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> redis.xrange("s", "-", "+", 0)).isInstanceOf(RedisArgumentException.class);
    }

    /** Waits until the server counts every pending entry of the group idle for at least {@code millis}. */
    private void awaitEveryPendingEntryIdle(String stream, String group, long millis) {
        Eventually.awaitTrue("every pending entry of " + group + " idle for " + millis + " ms",
                () -> redis.xpending(stream, group, PendingRange.all(10)).stream().allMatch(entry -> entry.idleMillis() >= millis),
                Duration.ofSeconds(10));
    }
}
