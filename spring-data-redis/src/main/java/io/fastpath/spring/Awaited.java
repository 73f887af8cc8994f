package io.fastpath.spring;

import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;

/**
 * Waiting for a plain {@link Future} the way {@code CompletableFuture.join} waits: without giving up on an interrupt
 * (the interrupt is kept for the caller's code after the wait), failures as unchecked exceptions. A pipeline's
 * futures always complete by their command's deadline, so these waits are bounded.
 */
final class Awaited {
    private Awaited() {}

    /** The value; a failure thrown as a {@link CompletionException} carrying its cause, a cancellation as itself. */
    static <T> T join(Future<T> future) {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return future.get();
                } catch (InterruptedException interrupt) {
                    interrupted = true;
                } catch (ExecutionException failed) {
                    throw new CompletionException(failed.getCause());
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Waits for {@code future}; returns its failure's cause, or null when it succeeded (a cancellation counts as one). */
    static Throwable failure(Future<?> future) {
        try {
            join(future);
            return null;
        } catch (CompletionException failed) {
            return failed.getCause();
        } catch (CancellationException cancelled) {
            return cancelled;
        }
    }
}
