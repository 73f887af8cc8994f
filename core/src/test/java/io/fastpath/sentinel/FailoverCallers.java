package io.fastpath.sentinel;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.Eventually;
import io.fastpath.RedisClient;
import io.fastpath.RedisException;
import io.fastpath.RedisNotSentException;
import io.fastpath.RedisOutcomeUnknownException;
import io.fastpath.RedisTimeoutException;
import io.fastpath.testkit.RedisServer;
import io.fastpath.testkit.RespClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The oracle of the Sentinel failover tests: callers on their own threads, each with its own counter,
 * doing INCR (a write whose acknowledged value is remembered), GET of the same counter (it must read at
 * least the caller's last acknowledged INCR and at most its INCR attempts: its own writes, nothing else)
 * and ECHO of a tagged nonce (its own reply). Failures are kept with the moment they happened, so a test
 * can check they are delivery failures (not sent, outcome unknown, a timeout of a sent command) inside the
 * failover window; afterwards the counters on the new primary show whether an acknowledged write was lost.
 */
final class FailoverCallers implements AutoCloseable {
    record Failure(Throwable error, long atNanos) {}

    final AtomicLong succeeded = new AtomicLong();
    final ConcurrentLinkedQueue<String> wrongReplies = new ConcurrentLinkedQueue<>();
    final ConcurrentLinkedQueue<Failure> failures = new ConcurrentLinkedQueue<>();
    /** Reads below an acknowledged INCR, counted instead of failing where asynchronous replication may lose writes. */
    final AtomicLong lostWritesSeen = new AtomicLong();

    private final RedisClient redis;
    private final String prefix;
    private final int callerCount;
    /** Per caller, written by that caller only: its highest acknowledged INCR, and its INCR attempts. */
    private final AtomicLongArray acknowledged;
    private final AtomicLongArray attempts;
    /** Per caller: when its latest INCR succeeded. */
    private final AtomicLongArray lastWriteNanos;
    private final AtomicBoolean stopping = new AtomicBoolean();
    private final List<Thread> threads = new ArrayList<>();
    /**
     * A primary killed, frozen or cut off may have acknowledged writes its replicas never got (asynchronous
     * replication): a counter going back is then a loss, counted, not a wrong reply.
     */
    private final boolean lossesPossible;

    private FailoverCallers(RedisClient redis, String prefix, int callerCount, boolean lossesPossible) {
        this.lossesPossible = lossesPossible;
        this.redis = redis;
        this.prefix = prefix;
        this.callerCount = callerCount;
        this.acknowledged = new AtomicLongArray(callerCount);
        this.attempts = new AtomicLongArray(callerCount);
        this.lastWriteNanos = new AtomicLongArray(callerCount);
    }

    static FailoverCallers start(RedisClient redis, String prefix, int callerCount) {
        return start(redis, prefix, callerCount, false);
    }

    /** With {@code lossesPossible}, a counter going back below an acknowledged value is counted as a lost write. */
    static FailoverCallers start(RedisClient redis, String prefix, int callerCount, boolean lossesPossible) {
        FailoverCallers callers = new FailoverCallers(redis, prefix, callerCount, lossesPossible);
        for (int caller = 0; caller < callerCount; caller++) {
            int id = caller;
            Thread thread = new Thread(() -> callers.run(id), prefix + "-caller-" + caller);
            thread.setDaemon(true);
            callers.threads.add(thread);
        }
        callers.threads.forEach(Thread::start);
        return callers;
    }

    String counter(int caller) {
        return prefix + ":counter:" + caller;
    }

    private void run(int caller) {
        long step = 0;
        while (!stopping.get()) {
            try {
                switch ((int) (step++ % 3)) {
                    case 0 -> {
                        attempts.incrementAndGet(caller);
                        long value = redis.incr(counter(caller));
                        long before = acknowledged.get(caller);
                        if (value <= before && lossesPossible) {
                            lostWritesSeen.incrementAndGet();
                        } else if (value <= before) {
                            wrongReplies.add("INCR " + counter(caller) + " answered " + value + " after " + before + " was acknowledged");
                        }
                        acknowledged.set(caller, lossesPossible ? value : Math.max(before, value));
                        lastWriteNanos.set(caller, System.nanoTime());
                    }
                    case 1 -> {
                        String read = redis.get(counter(caller));
                        long value = read == null ? 0 : Long.parseLong(read);
                        if (value < acknowledged.get(caller) && lossesPossible) {
                            lostWritesSeen.incrementAndGet();
                        } else if (value < acknowledged.get(caller) || value > attempts.get(caller)) {
                            wrongReplies.add("GET " + counter(caller) + " read " + read + " with " + acknowledged.get(caller)
                                    + " acknowledged and " + attempts.get(caller) + " attempted");
                        }
                    }
                    default -> {
                        String tag = prefix + ":" + caller + ":" + step;
                        String echoed = redis.echo(tag);
                        if (!tag.equals(echoed)) {
                            wrongReplies.add("ECHO " + tag + " answered " + echoed);
                        }
                    }
                }
                succeeded.incrementAndGet();
            } catch (RedisException failed) {
                failures.add(new Failure(failed, System.nanoTime()));
            } catch (RuntimeException wrongShape) { // a reply that is no number where one was due
                wrongReplies.add("caller " + caller + ": " + wrongShape);
            }
        }
    }

    /** Waits until every caller has had an INCR acknowledged after {@code sinceNanos}; returns when the last did. */
    long awaitEveryCallerWritingAfter(long sinceNanos, Duration within) {
        Eventually.awaitTrue("every caller writes again", () -> {
            for (int caller = 0; caller < callerCount; caller++) {
                if (lastWriteNanos.get(caller) - sinceNanos <= 0) {
                    return false;
                }
            }
            return true;
        }, within);
        long last = sinceNanos;
        for (int caller = 0; caller < callerCount; caller++) {
            last = Math.max(last, lastWriteNanos.get(caller));
        }
        return last;
    }

    /** Waits until {@code more} further commands succeeded. */
    void awaitMoreSuccesses(long more, Duration within) {
        long target = succeeded.get() + more;
        Eventually.awaitTrue(more + " more successes", () -> succeeded.get() >= target, within);
    }

    void stop() throws InterruptedException {
        stopping.set(true);
        for (Thread thread : threads) {
            thread.join(Duration.ofSeconds(30).toMillis());
            assertThat(thread.isAlive()).as("%s still running: a call never returned", thread.getName()).isFalse();
        }
    }

    /** Every reply was the caller's own, and something succeeded. */
    void assertEveryReplyWasTheCallersOwn() {
        assertThat(wrongReplies).as("wrong replies; %s", this).isEmpty();
        assertThat(succeeded.get()).as("nothing succeeded; %s", this).isPositive();
    }

    /**
     * Every failure is a delivery failure (never sent; or sent with its outcome unknown, a timeout of a
     * written command included) that happened between {@code fromNanos} and {@code toNanos}.
     */
    void assertFailuresOnlyDeliveryFailuresBetween(long fromNanos, long toNanos) {
        for (Failure failure : failures) {
            Throwable error = failure.error();
            boolean delivery = error instanceof RedisNotSentException || error instanceof RedisOutcomeUnknownException
                    || error instanceof RedisTimeoutException timeout && timeout.wasSent();
            assertThat(delivery).as("a failure other than not-sent or outcome-unknown: %s", error).isTrue();
            assertThat(failure.atNanos() - fromNanos).as("a failure before the fault: %s", error).isGreaterThanOrEqualTo(0);
            assertThat(toNanos - failure.atNanos()).as("a failure after every caller was writing again: %s", error)
                    .isGreaterThanOrEqualTo(0);
        }
    }

    long failuresOf(Class<? extends Throwable> type) {
        return failures.stream().filter(failure -> type.isInstance(failure.error())).count();
    }

    /** Acknowledged INCRs missing from {@code primary}'s counters: per caller, its highest acknowledged value minus what is there. */
    long lostAcknowledgedWrites(RedisServer primary) {
        long lost = 0;
        try (RespClient admin = primary.admin()) {
            for (int caller = 0; caller < callerCount; caller++) {
                Object stored = admin.call("GET", counter(caller));
                long value = stored == null ? 0 : Long.parseLong((String) stored);
                lost += Math.max(0, acknowledged.get(caller) - value);
            }
        }
        return lost;
    }

    long acknowledgedWrites() {
        long total = 0;
        for (int caller = 0; caller < callerCount; caller++) {
            total += acknowledged.get(caller);
        }
        return total;
    }

    @Override
    public void close() {
        stopping.set(true);
    }

    @Override
    public String toString() {
        return callerCount + " callers: succeeded " + succeeded + ", failed " + failures.size() + " (not sent "
                + failuresOf(RedisNotSentException.class) + ", outcome unknown " + failuresOf(RedisOutcomeUnknownException.class)
                + ", timed out " + failuresOf(RedisTimeoutException.class) + "), wrong " + wrongReplies.size()
                + (failures.isEmpty() ? "" : ", first failure: " + failures.peek().error());
    }
}
