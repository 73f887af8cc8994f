package io.fastpath.internal.connection;

import java.util.ArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

/**
 * Complete: hands each matched command's converted outcome to its caller. A blocking caller's future (no user code
 * can be attached to it) and every future under {@code directCompletion()} (no executor) complete at once, here;
 * an async caller's are gathered and completed in one task per read on the completion executor, so user callbacks
 * never run on an I/O thread.
 *
 * <p>Thread ownership: the channel's event loop only.
 */
final class Completions {
    /** Null: complete on the I/O thread (direct completion). */
    private final Executor executor;
    /** Async completions of the current read, handed to the executor as one task when the read ends. */
    private ArrayList<CommandFuture<?>> batch = new ArrayList<>();

    Completions(Executor executor) {
        this.executor = executor;
    }

    void complete(CommandFuture<?> command) {
        if (command.completeOnIoThread || executor == null) {
            command.publish();
        } else {
            batch.add(command);
        }
    }

    /** The read ended (or the channel closed): the gathered async completions go to the executor as one task. */
    void flush() {
        if (batch.isEmpty()) {
            return;
        }
        ArrayList<CommandFuture<?>> commands = batch;
        batch = new ArrayList<>();
        try {
            executor.execute(() -> {
                for (CommandFuture<?> command : commands) {
                    command.publish();
                }
            });
        } catch (RejectedExecutionException shutDown) {
            for (CommandFuture<?> command : commands) {
                command.publish();
            }
        }
    }
}
