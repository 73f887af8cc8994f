package io.fastpath.internal.client;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

/**
 * Completes a future the caller holds that is not itself a command's (a leased blocking command's, a
 * write acknowledged after WAIT): on this thread for a blocking caller, whom no user code can be attached
 * to, and on the completion executor otherwise, so async callbacks never run on an I/O thread.
 */
public final class CallerCompletion {
    private CallerCompletion() {}

    /** {@code executor} null: complete here (the user chose direct completion). */
    public static <T> void complete(CompletableFuture<T> future, T value, Throwable failure, boolean blockingCaller,
                                    Executor executor) {
        Runnable completion = () -> {
            if (failure != null) {
                future.completeExceptionally(failure);
            } else {
                future.complete(value);
            }
        };
        if (blockingCaller || executor == null) {
            completion.run();
            return;
        }
        try {
            executor.execute(completion);
        } catch (RejectedExecutionException shutDownOrFull) {
            completion.run(); // the caller must still get its outcome: here rather than never
        }
    }
}
