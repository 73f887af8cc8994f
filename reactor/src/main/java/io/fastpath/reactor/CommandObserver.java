package io.fastpath.reactor;

import io.fastpath.command.Command;
import reactor.util.context.ContextView;

/**
 * Sees each command a reactive view sends, with the Reactor {@link ContextView} of the subscriber that asked for it:
 * the hook for tracing (start a span whose parent the context carries, end it when the command ends) or for
 * metrics. Set with {@link ReactiveOptions#commandObserver}.
 */
@FunctionalInterface
public interface CommandObserver {

    /** Observes nothing. */
    CommandObserver NONE = (command, context) -> Observation.NONE;

    /**
     * Called on the thread that requested the reply, just before {@code command} is handed to the client (the
     * client writes it from its own I/O thread afterwards). Must not block; a failure here fails the command
     * unsent.
     */
    Observation onSend(Command<?> command, ContextView context);

    /** How one sent command ended. */
    @FunctionalInterface
    interface Observation {

        Observation NONE = failure -> { };

        /**
         * Called once, on the thread that completed the command: with null when the reply arrived, with the
         * failure otherwise ({@link java.util.concurrent.CancellationException} when the subscriber cancelled).
         */
        void onEnd(Throwable failure);
    }
}
