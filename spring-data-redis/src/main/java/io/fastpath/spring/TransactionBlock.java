package io.fastpath.spring;

import io.fastpath.command.Command;
import io.fastpath.Queued;
import io.fastpath.Transaction;
import io.fastpath.WatchedConnection;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The commands between Spring's MULTI and EXEC: queued in a Fastpath {@link Transaction} (a plain block, written
 * back to back on a shared connection) or on the {@link WatchedConnection} of a WATCH. Nothing is sent before
 * EXEC, so a command refused by the server while queueing surfaces at EXEC (EXECABORT naming it). Caller thread only.
 */
final class TransactionBlock {
    private final Transaction plain;
    private final WatchedConnection watched;
    private final List<Entry<?>> entries = new ArrayList<>();

    private record Entry<T>(Queued<T> handle, Function<? super T, ?> converter, boolean status) {}

    private TransactionBlock(Transaction plain, WatchedConnection watched) {
        this.plain = plain;
        this.watched = watched;
    }

    static TransactionBlock plain(Transaction transaction) {
        return new TransactionBlock(transaction, null);
    }

    static TransactionBlock watched(WatchedConnection connection) {
        return new TransactionBlock(null, connection);
    }

    <T> void queue(Command<T> command, Function<? super T, ?> converter, boolean status) {
        Queued<T> handle = plain != null ? plain.queue(command) : watched.queue(command);
        entries.add(new Entry<>(handle, converter, status));
    }

    /**
     * Sends the block. Committed: each result in order (status replies left out), the first command that failed
     * while the block ran thrown as Spring's exception, as Lettuce's factory does. Aborted by a watched key: null,
     * as Lettuce's connection answers (the template turns it into an empty list).
     */
    List<Object> exec(boolean convertResults) {
        boolean committed = plain != null ? plain.exec().committed() : watched.exec();
        if (!committed) {
            return null;
        }
        List<Object> results = new ArrayList<>(entries.size());
        for (Entry<?> entry : entries) {
            Object value = result(entry, convertResults);
            if (!entry.status()) {
                results.add(value);
            }
        }
        return results;
    }

    private static <T> Object result(Entry<T> entry, boolean convertResults) {
        T value = entry.handle().get(); // throws the command's own server error
        return convertResults ? entry.converter().apply(value) : value;
    }
}
