package io.fastpath.internal.cache;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.command.Reply;
import io.fastpath.internal.connection.LoopHeartbeat;
import io.fastpath.internal.connection.TrackingSession;
import io.netty.util.concurrent.ImmediateEventExecutor;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The replies of one key read many ways (a hash read field by field: HGET k f1, HGET k f2...) are found by
 * the read itself: a fill and a hit compare a constant number of cached reads, however many the key holds.
 * Counted through {@link CachedRead#ARG_COMPARISONS} (on in the core tests), not timed.
 */
class KeyEntriesLookupTest {
    private static final int FIELDS = 4_000;
    /** A map lookup compares the reads whose hashes collide with the one looked for: a handful at most. */
    private static final long AT_MOST_PER_LOOKUP = 4;

    private final TrackingSession session = new TrackingSession(new LoopHeartbeat(ImmediateEventExecutor.INSTANCE, 1_000_000));
    private final long now = System.nanoTime();
    private final long inAnHour = now + TimeUnit.HOURS.toNanos(1);

    @BeforeAll
    static void theComparisonCounterIsOn() {
        assertThat(CachedRead.COUNT_ARG_COMPARISONS)
                .as("core tests run with -Dfastpath.cache.countArgComparisons=true (core/pom.xml)").isTrue();
    }

    @Test
    void fillingAndHittingFourThousandFieldsOfOneHashComparesAConstantNumberOfReadsEachTime() {
        KeyReplies held = null;
        long mostPerFill = 0;
        for (int i = 0; i < FIELDS; i++) {
            CachedRead read = CachedRead.of(hget("f" + i), bulk("v" + i), session, inAnHour);
            long before = CachedRead.ARG_COMPARISONS.sum();
            held = KeyReplies.with(held, read, now);
            mostPerFill = Math.max(mostPerFill, CachedRead.ARG_COMPARISONS.sum() - before);
        }
        assertThat(held.count()).isEqualTo(FIELDS);
        long mostPerHit = 0;
        for (int i = 0; i < FIELDS; i++) {
            long before = CachedRead.ARG_COMPARISONS.sum();
            CachedRead found = held.find(hget("f" + i));
            mostPerHit = Math.max(mostPerHit, CachedRead.ARG_COMPARISONS.sum() - before);
            assertThat(found).isNotNull();
            assertThat(text(found.value)).isEqualTo("v" + i);
        }
        long before = CachedRead.ARG_COMPARISONS.sum();
        assertThat(held.find(hget("never-read"))).isNull();
        long perMiss = CachedRead.ARG_COMPARISONS.sum() - before;

        assertThat(mostPerFill).as("argument comparisons in one fill among %d cached fields", FIELDS).isLessThanOrEqualTo(AT_MOST_PER_LOOKUP);
        assertThat(mostPerHit).as("argument comparisons in one hit among %d cached fields", FIELDS).isLessThanOrEqualTo(AT_MOST_PER_LOOKUP);
        assertThat(perMiss).as("argument comparisons in one miss among %d cached fields", FIELDS).isLessThanOrEqualTo(AT_MOST_PER_LOOKUP);
    }

    @Test
    void aFieldReadAgainReplacesItsReplyAndTheKeyWeighsWhatItHolds() {
        CachedRead first = CachedRead.of(hget("a"), bulk("1"), session, inAnHour);
        CachedRead second = CachedRead.of(hget("b"), bulk("2"), session, inAnHour);
        CachedRead get = CachedRead.of(new byte[][] {bytes("GET"), bytes("k")}, bulk("plain"), session, inAnHour);
        CachedRead firstAgain = CachedRead.of(hget("a"), bulk("one, longer"), session, inAnHour - 1);

        KeyReplies held = KeyReplies.with(KeyReplies.with(KeyReplies.with(null, first, now), second, now), get, now);
        held = KeyReplies.with(held, firstAgain, now);

        assertThat(held.count()).isEqualTo(3);
        assertThat(held.find(hget("a"))).isSameAs(firstAgain);
        assertThat(held.find(hget("b"))).isSameAs(second);
        assertThat(held.find(null)).as("GET <key> found without its arguments").isSameAs(get);
        assertThat(held.weight()).isEqualTo(firstAgain.weight + second.weight + get.weight);
        assertThat(held.earliestExpiryNanos()).isEqualTo(inAnHour - 1);
    }

    @Test
    void aReplyOfAnEndedSessionIsNotServedAndTheSweepGivesItsBytesBack() {
        TrackingSession other = new TrackingSession(new LoopHeartbeat(ImmediateEventExecutor.INSTANCE, 1_000_000));
        CachedRead kept = CachedRead.of(hget("a"), bulk("1"), session, inAnHour);
        CachedRead ending = CachedRead.of(hget("b"), bulk("2"), other, inAnHour);
        KeyReplies held = KeyReplies.with(KeyReplies.with(null, kept, now), ending, now);
        endSession(other);

        assertThat(held.find(hget("b"))).isNull();
        KeyReplies swept = held.withoutDead(now);
        assertThat(swept).isSameAs(kept);
        assertThat(swept.weight()).isEqualTo(kept.weight);
    }

    private static void endSession(TrackingSession session) {
        try {
            var end = TrackingSession.class.getDeclaredMethod("end");
            end.setAccessible(true);
            end.invoke(session);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    private static byte[][] hget(String field) {
        return new byte[][] {bytes("HGET"), bytes("k"), bytes(field)};
    }

    private static Reply bulk(String value) {
        return new Reply.BulkStringReply(bytes(value));
    }

    private static String text(Reply reply) {
        return new String(((Reply.BulkStringReply) reply).value(), StandardCharsets.UTF_8);
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
