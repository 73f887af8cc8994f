package io.fastpath;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;

/**
 * The universal oracle of the fault catalogue: callers keep a window of async commands in flight, every
 * value tagged with its caller, key and sequence number (SET, GET, ECHO of a nonce, MGET), and check each
 * reply: a GET may return null or a value this caller wrote to this key, never anything else; ECHO must
 * return its own nonce. Afterwards {@link #assertOracle} checks zero wrong replies, every future completed
 * exactly once, and no failure outside the delivery exceptions (not sent, outcome unknown, timeout,
 * backpressure), which are counted by type.
 */
public final class TaggedWorkload implements AutoCloseable {
    private static final int KEYS_PER_CALLER = 32;

    public final AtomicLong issued = new AtomicLong();
    public final AtomicLong succeeded = new AtomicLong();
    public final AtomicLong notSent = new AtomicLong();
    public final AtomicLong outcomeUnknown = new AtomicLong();
    public final AtomicLong timedOut = new AtomicLong();
    public final AtomicLong backpressure = new AtomicLong();
    public final AtomicLong completedTwice = new AtomicLong();
    public final ConcurrentLinkedQueue<String> wrongReplies = new ConcurrentLinkedQueue<>();
    public final ConcurrentLinkedQueue<Throwable> unexpectedFailures = new ConcurrentLinkedQueue<>();

    private final RedisClient redis;
    private final String prefix;
    private final Predicate<Throwable> alsoAllowed;
    private final AtomicBoolean stopping = new AtomicBoolean();
    private final AtomicLong outstanding = new AtomicLong();
    private final List<Thread> callers = new ArrayList<>();

    private TaggedWorkload(RedisClient redis, String prefix, Predicate<Throwable> alsoAllowed) {
        this.redis = redis;
        this.prefix = prefix;
        this.alsoAllowed = alsoAllowed;
    }

    /** Starts {@code callerCount} threads, each keeping up to {@code window} commands in flight. */
    public static TaggedWorkload start(RedisClient redis, String prefix, int callerCount, int window) {
        return start(redis, prefix, callerCount, window, failure -> false);
    }

    /** Like {@link #start(RedisClient, String, int, int)}, also accepting failures that match {@code alsoAllowed}. */
    public static TaggedWorkload start(RedisClient redis, String prefix, int callerCount, int window,
                                       Predicate<Throwable> alsoAllowed) {
        TaggedWorkload workload = new TaggedWorkload(redis, prefix, alsoAllowed);
        for (int caller = 0; caller < callerCount; caller++) {
            int id = caller;
            Thread thread = new Thread(() -> workload.run(id, window), prefix + "-caller-" + caller);
            thread.setDaemon(true);
            workload.callers.add(thread);
        }
        workload.callers.forEach(Thread::start);
        return workload;
    }

    private String key(int caller, int index) {
        return prefix + ":c" + caller + ":k" + index;
    }

    private static String value(int caller, int keyIndex, long sequence) {
        return "c" + caller + ":k" + keyIndex + ":" + sequence;
    }

    /** True for a value this caller could have written to this key. */
    private static boolean ownValue(String read, int caller, int keyIndex) {
        return read == null || read.startsWith("c" + caller + ":k" + keyIndex + ":");
    }

    private void run(int caller, int window) {
        Semaphore slots = new Semaphore(window);
        long sequence = 0;
        while (!stopping.get()) {
            try {
                if (!slots.tryAcquire(100, TimeUnit.MILLISECONDS)) {
                    continue;
                }
            } catch (InterruptedException e) {
                return;
            }
            long n = sequence++;
            int keyIndex = (int) (n % KEYS_PER_CALLER);
            String tag = value(caller, keyIndex, n);
            switch ((int) (n % 4)) {
                case 0 -> track(redis.async().set(key(caller, keyIndex), tag), slots,
                        ok -> Boolean.TRUE.equals(ok) ? null : "SET " + tag + " answered " + ok);
                case 1 -> track(redis.async().get(key(caller, keyIndex)), slots,
                        read -> ownValue(read, caller, keyIndex) ? null : "GET of " + key(caller, keyIndex) + " read " + read);
                case 2 -> track(redis.async().echo(tag), slots,
                        echoed -> tag.equals(echoed) ? null : "ECHO " + tag + " answered " + echoed);
                default -> {
                    int other = (keyIndex + 7) % KEYS_PER_CALLER;
                    track(redis.async().mget(key(caller, keyIndex), key(caller, other)), slots, values ->
                            values.size() == 2 && ownValue(values.get(0), caller, keyIndex) && ownValue(values.get(1), caller, other)
                                    ? null : "MGET of " + key(caller, keyIndex) + ", " + key(caller, other) + " read " + values);
                }
            }
        }
    }

    /** Counts the command's one completion; {@code check} returns null for a correct reply, else what was wrong. */
    private <T> void track(CompletableFuture<T> future, Semaphore slots, java.util.function.Function<T, String> check) {
        issued.incrementAndGet();
        outstanding.incrementAndGet();
        AtomicInteger completions = new AtomicInteger();
        future.whenComplete((reply, failure) -> {
            if (completions.incrementAndGet() != 1) {
                completedTwice.incrementAndGet();
                return;
            }
            try {
                if (failure == null) {
                    String wrong = check.apply(reply);
                    if (wrong == null) {
                        succeeded.incrementAndGet();
                    } else {
                        wrongReplies.add(wrong);
                    }
                } else {
                    count(failure instanceof CompletionException ? failure.getCause() : failure);
                }
            } finally {
                outstanding.decrementAndGet();
                slots.release();
            }
        });
    }

    private void count(Throwable failure) {
        if (failure instanceof RedisNotSentException) {
            notSent.incrementAndGet();
        } else if (failure instanceof RedisOutcomeUnknownException) {
            outcomeUnknown.incrementAndGet();
        } else if (failure instanceof RedisTimeoutException) {
            timedOut.incrementAndGet();
        } else if (failure instanceof RedisBackpressureException) {
            backpressure.incrementAndGet();
        } else if (!alsoAllowed.test(failure)) {
            unexpectedFailures.add(failure);
        }
    }

    /** Waits until {@code more} commands beyond the current count have succeeded: the client recovered. */
    public void awaitMoreSuccesses(long more, Duration within) throws InterruptedException {
        long target = succeeded.get() + more;
        Eventually.await("the workload recovers: " + more + " more successes", () -> this,
                workload -> workload.succeeded.get() >= target, within);
    }

    /** Stops issuing and waits for every command in flight to complete; fails if one never does. */
    public void stop(Duration within) throws InterruptedException {
        stopping.set(true);
        for (Thread caller : callers) {
            caller.join(within.toMillis());
        }
        Eventually.await("every future in flight completes", () -> this, workload -> workload.outstanding.get() == 0, within);
        assertThat(outstanding.get()).as("futures never completed; %s", this).isZero();
    }

    /** Zero wrong replies, zero futures completed twice, no failure outside the delivery exceptions. */
    public void assertOracle() {
        assertThat(wrongReplies).as("wrong replies; %s", this).isEmpty();
        assertThat(completedTwice.get()).as("futures completed twice; %s", this).isZero();
        assertThat(unexpectedFailures).as("unexpected failures; %s", this).isEmpty();
        assertThat(succeeded.get()).as("nothing succeeded; %s", this).isPositive();
    }

    @Override
    public void close() {
        stopping.set(true);
    }

    @Override
    public String toString() {
        return "issued " + issued + ", succeeded " + succeeded + ", not sent " + notSent + ", outcome unknown "
                + outcomeUnknown + ", timed out " + timedOut + ", backpressure " + backpressure + ", wrong "
                + wrongReplies.size() + ", completed twice " + completedTwice + ", unexpected " + unexpectedFailures.size()
                + (unexpectedFailures.isEmpty() ? "" : " (first: " + unexpectedFailures.peek() + ")");
    }
}
