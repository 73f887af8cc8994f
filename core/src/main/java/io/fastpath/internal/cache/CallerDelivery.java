package io.fastpath.internal.cache;

import io.fastpath.RedisServerException;
import io.fastpath.command.Reply;
import io.fastpath.internal.command.ReplyConverter;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

/**
 * Turns a cached or filled reply into the caller's result: a copy of the reply (cached replies are shared)
 * converted by the command's converter, on the thread the caller expects. Immutable.
 */
final class CallerDelivery {
    /** Null: callers' futures complete on the I/O thread. */
    private final Executor completionExecutor;

    CallerDelivery(Executor completionExecutor) {
        this.completionExecutor = completionExecutor;
    }

    /** A reply already in memory, as the caller's completed future. */
    <T> CompletableFuture<T> now(ReplyConverter<T> converter, Reply cached) {
        try {
            return CompletableFuture.completedFuture(converter.convert(ReplyCopies.copy(cached)));
        } catch (RuntimeException wrongShape) {
            return CompletableFuture.failedFuture(wrongShape);
        }
    }

    /** The caller's own future: blocking callers complete on the I/O thread, async ones on the completion executor. */
    <T> CompletableFuture<T> later(CompletableFuture<Reply> source, ReplyConverter<T> converter, boolean callerWaits) {
        CompletableFuture<T> result = new CompletableFuture<>();
        source.whenComplete((reply, failure) -> {
            if (callerWaits || completionExecutor == null) {
                complete(result, converter, reply, failure);
                return;
            }
            try {
                completionExecutor.execute(() -> complete(result, converter, reply, failure));
            } catch (RejectedExecutionException shutDown) {
                complete(result, converter, reply, failure);
            }
        });
        return result;
    }

    private static <T> void complete(CompletableFuture<T> result, ReplyConverter<T> converter, Reply reply, Throwable failure) {
        if (failure != null) {
            result.completeExceptionally(failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure);
        } else if (reply instanceof Reply.ErrorReply error) {
            result.completeExceptionally(new RedisServerException(error.message()));
        } else {
            try {
                result.complete(converter.convert(ReplyCopies.copy(reply)));
            } catch (RuntimeException wrongShape) {
                result.completeExceptionally(wrongShape);
            }
        }
    }
}
