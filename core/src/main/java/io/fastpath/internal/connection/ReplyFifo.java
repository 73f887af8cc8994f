package io.fastpath.internal.connection;

import io.fastpath.RedisProtocolException;
import io.fastpath.command.Reply;
import java.util.ArrayDeque;
import java.util.Iterator;

/**
 * Match: the written commands of one channel awaiting their replies, oldest first, and the matching of each reply
 * to its command. A command completed early (timeout, cancel) stays as a tombstone so its late reply is read and
 * dropped instead of reaching the next caller.
 *
 * <p>Thread ownership: the channel's event loop only.
 */
final class ReplyFifo implements Iterable<CommandFuture<?>> {
    private final ArrayDeque<CommandFuture<?>> pending = new ArrayDeque<>();
    private final CommandQueue queue;
    /** When the FIFO last went from empty to non-empty: a silence is measured from here or the last read. */
    private long awaitingSinceNanos;

    ReplyFifo(CommandQueue queue) {
        this.queue = queue;
    }

    /** A command just encoded into the channel's next write: its reply is the one after every earlier entry's. */
    void append(CommandFuture<?> command) {
        if (pending.isEmpty()) {
            awaitingSinceNanos = System.nanoTime();
        }
        pending.add(command);
        queue.replyAwaited();
    }

    /**
     * The command {@code reply} (not a push) answers, taken off the FIFO; a tombstone is returned too (its caller
     * gave up: the reply is dropped). An entry answered by pushes (RESP3 SUBSCRIBE) that meets anything but an error
     * got its answer already: it completes and the reply goes to the next entry. No entry left means the server
     * answered something never sent: a protocol violation, which closes the channel.
     */
    CommandFuture<?> match(Reply reply, Object endpoint) {
        CommandFuture<?> command = pending.poll();
        while (command != null && command.isAnsweredByPush() && !(reply instanceof Reply.ErrorReply)) {
            queue.replyArrived();
            queue.answered();
            if (!command.isDone()) {
                command.completeAnsweredByPush();
            }
            command = pending.poll();
        }
        if (command == null) {
            throw new RedisProtocolException(endpoint + ": received a reply while no command was waiting for one ("
                    + reply.getClass().getSimpleName() + ")");
        }
        queue.replyArrived();
        queue.answered();
        return command;
    }

    /** The oldest entry, taken off (the channel is gone: see WaitingRoom#takeBackFromLostChannel), or null. */
    CommandFuture<?> poll() {
        return pending.poll();
    }

    boolean isEmpty() {
        return pending.isEmpty();
    }

    int size() {
        return pending.size();
    }

    long awaitingSinceNanos() {
        return awaitingSinceNanos;
    }

    @Override
    public Iterator<CommandFuture<?>> iterator() {
        return pending.iterator();
    }
}
