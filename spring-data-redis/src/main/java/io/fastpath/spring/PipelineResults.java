package io.fastpath.spring;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Function;
import java.util.function.Supplier;
import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.connection.RedisPipelineException;

/**
 * The commands of one pipeline, in call order: each already dispatched through the client's async API (so it
 * is on the wire while the caller adds more) with the conversion Spring expects of its result. Caller thread only.
 */
final class PipelineResults {
    private final List<Entry<?>> entries = new ArrayList<>();

    private record Entry<T>(CompletableFuture<T> future, Function<? super T, ?> converter, boolean status) {
        Object convert(boolean convertResults) {
            T value = future.join(); // bounded: Fastpath completes every command by its deadline
            return convertResults ? converter.apply(value) : value;
        }
    }

    <T> void add(CompletableFuture<T> future, Function<? super T, ?> converter, boolean status) {
        entries.add(new Entry<>(future, converter, status));
    }

    /** A result computed now (a read on a WATCH connection, an EXEC inside the pipeline), kept in its place. */
    static <T> CompletableFuture<T> completed(Supplier<T> result) {
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
            if (!entry.status() || result instanceof DataAccessException) {
                results.add(result);
            }
        }
        if (firstFailure != null) {
            throw new RedisPipelineException(firstFailure, results);
        }
        return results;
    }
}
