package io.fastpath;

import io.fastpath.command.Command;
import io.fastpath.command.CommandBuilder;
import io.fastpath.internal.command.CommandSpec;
import io.fastpath.internal.transaction.ExecOutcome;
import io.fastpath.internal.transaction.TransactionCommands;
import java.util.ArrayList;
import java.util.List;

/** The block of a transaction being built: commands and their result handles. Caller thread only. */
final class QueuedCommands {
    private final List<CommandSpec<?>> commands = new ArrayList<>();
    private final List<Queued<?>> handles = new ArrayList<>();
    private boolean sealed;

    <T> Queued<T> queue(Command<T> command) {
        if (sealed) {
            throw new IllegalStateException("the transaction has already been sent: queue commands before it is");
        }
        CommandSpec<T> spec = spec(command);
        TransactionCommands.requireAllowedInTransaction(spec);
        Queued<T> handle = new Queued<>(spec.name());
        commands.add(spec);
        handles.add(handle);
        return handle;
    }

    /** The built form of {@code command}; anything not made by a {@link CommandBuilder} is refused before sending. */
    static <T> CommandSpec<T> spec(Command<T> command) {
        if (!(command instanceof CommandSpec<T> spec)) {
            throw new RedisArgumentException("commands must be built by a CommandBuilder");
        }
        return spec;
    }

    int size() {
        return commands.size();
    }

    /** Ends queueing: the block as it will be sent. */
    List<CommandSpec<?>> seal() {
        if (sealed) {
            throw new IllegalStateException("the transaction has already been sent; build a new one");
        }
        sealed = true;
        return List.copyOf(commands);
    }

    /** Hands each command its result from EXEC, or marks all aborted. */
    void complete(ExecOutcome outcome) {
        for (int i = 0; i < handles.size(); i++) {
            handles.get(i).resolve(outcome.committed(), outcome.committed() ? outcome.results()[i] : null);
        }
    }
}
