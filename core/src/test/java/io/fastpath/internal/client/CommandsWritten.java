package io.fastpath.internal.client;

import io.fastpath.CommandListener;
import io.fastpath.ObservedCommand;
import java.util.concurrent.atomic.AtomicInteger;

/** Counts the commands of one name written to a socket (by whichever thread writes them) into {@code written}. */
record CommandsWritten(String name, AtomicInteger written) implements CommandListener {
    @Override
    public void commandWritten(ObservedCommand command) {
        if (command.name().equals(name)) {
            written.incrementAndGet();
        }
    }
}
