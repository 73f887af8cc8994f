package io.fastpath.spring;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Future;
import java.util.function.Function;
import java.util.function.Supplier;
import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.connection.RedisPipelineException;

/**
 * The commands of one pipeline, in call order, each with the conversion Spring expects of its result.
 *
 * <p>Order: ordinary commands go out at once on the calling thread's connection
 * ({@code RedisClient.dispatchInCallOrder}), so they reach the server in call order while the caller adds more. A
 * blocking command (BLPOP, BLMOVE, BZPOPMAX, XREAD...) runs on Fastpath's blocking pool, never on that shared
 * connection, so by itself it could overtake or fall behind its neighbours. It is therefore a barrier: it is sent
 * once every earlier command has completed, and every later command waits in memory (nothing is sent, nothing holds
 * the shared connection) until it completes. Waiting happens on the caller's thread when it adds a command or closes
 * the pipeline, never on an I/O thread. A pipeline longer than the connection's in-flight limit
 * ({@code maxInFlightPerConnection}) waits for its own earlier replies where the limit refuses a command, and sends it
 * again: the refusal happens before anything is written. Caller thread only.
 */
final class PipelineResults {
    /** The commands Fastpath sends on its blocking pool (core's BlockTime); XREAD/XREADGROUP without BLOCK too, which only costs a wait. */
    private static final Set<String> BARRIERS = Set.of("BLPOP", "BRPOP", "BLMOVE", "BRPOPLPUSH", "BLMPOP", "BZPOPMIN",
            "BZPOPMAX", "BZMPOP", "WAIT", "WAITAOF", "XREAD", "XREADGROUP");

    private final List<Entry<?>> entries = new ArrayList<>();
    /** Entries before this index are sent (or computed); the rest wait for a barrier. */
    private int sent;
    /** Entries before this index are known to have completed. */
    private int completed;
    /** The last barrier sent; later entries wait until it completes. */
    private Future<?> lastBarrier = CompletableFuture.completedFuture(null);

    private static final class Entry<T> {
        final Supplier<? extends Future<T>> send;
        final boolean barrier;
        final Function<? super T, ?> converter;
        final boolean status;
        Future<T> future; // null until sent

        Entry(Supplier<? extends Future<T>> send, boolean barrier, Function<? super T, ?> converter, boolean status) {
            this.send = send;
            this.barrier = barrier;
            this.converter = converter;
            this.status = status;
        }

        Object convert(boolean convertResults) {
            T value = Awaited.join(future); // bounded: Fastpath completes every command by its deadline
            return convertResults ? converter.apply(value) : value;
        }
    }

    /** True for a command that Fastpath sends on its blocking pool, hence a barrier in a pipeline. */
    static boolean isBarrier(String commandName) {
        return BARRIERS.contains(commandName);
    }

    /**
     * Adds a command that {@code send} puts on the wire, now or once the barriers before it allow. Refused at once (a
     * wrong argument, a closed client): thrown here and left out, as a call outside a pipeline would throw.
     */
    <T> void add(Supplier<? extends Future<T>> send, boolean barrier, Function<? super T, ?> converter, boolean status) {
        Entry<T> entry = new Entry<>(send, barrier, converter, status);
        entries.add(entry);
        sendReady(false, entry);
    }

    /**
     * Adds a result computed on the caller's thread (a read on a WATCH connection, an EXEC inside the pipeline) after
     * every earlier command has completed, so it sees their effects and keeps its place.
     */
    <T> void addNow(Supplier<T> result, Function<? super T, ?> converter, boolean status) {
        awaitAll();
        entries.add(new Entry<>(() -> completed(result), true, converter, status));
        sendReady(true, null);
    }

    /** Adds a failure in its place (EXEC without MULTI inside a pipeline). */
    void addFailure(RuntimeException failure) {
        add(() -> CompletableFuture.failedFuture(failure), false, Function.identity(), false);
    }

    /** Sends every waiting command and waits until all have completed. */
    void awaitAll() {
        sendReady(true, null);
        for (; completed < entries.size(); completed++) {
            awaitQuietly(entries.get(completed).future);
        }
    }

    /**
     * Sends the waiting commands in order as far as the barriers allow; {@code wait}: waits for them instead of
     * stopping. {@code callersOwn}, the entry just added, is sent with its refusal thrown to the caller; a command sent
     * later keeps its refusal in its place.
     */
    private void sendReady(boolean wait, Entry<?> callersOwn) {
        while (sent < entries.size()) {
            Entry<?> next = entries.get(sent);
            if (next.barrier) {
                // a barrier goes out only after everything before it
                for (; completed < sent; completed++) {
                    Future<?> earlier = entries.get(completed).future;
                    if (!earlier.isDone() && !wait) {
                        return;
                    }
                    awaitQuietly(earlier);
                }
            } else if (!lastBarrier.isDone()) {
                if (!wait) {
                    return;
                }
                awaitQuietly(lastBarrier);
            }
            if (next == callersOwn) {
                sendOrRemove(next);
            } else {
                send(next);
            }
            if (refusedForBackpressure(next.future) && completed < sent) {
                // the connection's in-flight limit refused it unsent: once this pipeline's earlier replies are in, send again
                for (; completed < sent; completed++) {
                    awaitQuietly(entries.get(completed).future);
                }
                send(next); // refused again (other callers fill the connection): the failure stays in its place
            }
            if (next.barrier) {
                lastBarrier = next.future;
            }
            sent++;
        }
    }

    /** The caller's own entry, the last one: a refusal removes it and is thrown to the caller. */
    private <T> void sendOrRemove(Entry<T> entry) {
        try {
            entry.future = entry.send.get();
        } catch (RuntimeException refused) {
            entries.remove(entries.size() - 1);
            throw refused;
        }
    }

    private static <T> void send(Entry<T> entry) {
        try {
            entry.future = entry.send.get();
        } catch (RuntimeException failed) {
            entry.future = CompletableFuture.failedFuture(failed);
        }
    }

    /** A command the connection refused before writing it (maxInFlightPerConnection reached): safe to send again. */
    private static boolean refusedForBackpressure(Future<?> future) {
        return future.isDone() && Awaited.failure(future) instanceof io.fastpath.RedisBackpressureException;
    }

    private static void awaitQuietly(Future<?> future) {
        Awaited.failure(future); // bounded by the command's deadline; collect() reports its failure where it stands
    }

    private static <T> CompletableFuture<T> completed(Supplier<T> result) {
        try {
            return CompletableFuture.completedFuture(result.get());
        } catch (RuntimeException failed) {
            return CompletableFuture.failedFuture(failed);
        }
    }

    /**
     * Every result in order, status replies left out as Spring expects. A failed command leaves its translated
     * exception in its place, and the first failure is thrown as a {@link RedisPipelineException} carrying them all.
     */
    List<Object> collect(boolean convertResults) {
        sendReady(true, null);
        if (!entries.isEmpty()) {
            // Replies on one connection complete in order, so waiting for the last first makes one wake-up of this
            // thread per pipeline instead of one per reply read while walking them (scenario k, executePipelined)
            awaitQuietly(entries.get(entries.size() - 1).future);
        }
        List<Object> results = new ArrayList<>(entries.size());
        DataAccessException firstFailure = null;
        for (Entry<?> entry : entries) {
            Object result;
            try {
                result = entry.convert(convertResults);
            } catch (CompletionException | DataAccessException | io.fastpath.RedisException failed) {
                DataAccessException translated = FastpathExceptionTranslator.translate(failed);
                firstFailure = firstFailure == null ? translated : firstFailure;
                result = translated;
            }
            if (!entry.status || result instanceof DataAccessException) {
                results.add(result);
            }
        }
        if (firstFailure != null) {
            throw new RedisPipelineException(firstFailure, results);
        }
        return results;
    }
}
