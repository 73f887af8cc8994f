package io.fastpath.vertx;

import io.fastpath.CommandListener;
import io.fastpath.ObservedCommand;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A command listener that records, for every GET and SET, whether it was written, answered and completed on the thread
 * that sent it, and the threads that sent them.
 */
final class MomentThreads implements CommandListener {
    private final AtomicInteger commands = new AtomicInteger();
    /** "<moment> of <command> on <thread>, sent from <thread>" for every moment that ran elsewhere than its sender. */
    private final Set<String> offLoop = ConcurrentHashMap.newKeySet();
    private final Set<String> senders = ConcurrentHashMap.newKeySet();
    /** Nodes ("host:port") the commands went to. */
    private final Set<String> nodes = ConcurrentHashMap.newKeySet();

    @Override
    public Object commandStarted(ObservedCommand command) {
        if (!counted(command)) {
            return null;
        }
        String sender = Thread.currentThread().getName();
        senders.add(sender);
        return sender; // the attachment every later moment of this command reads
    }

    @Override
    public void commandWritten(ObservedCommand command) {
        check(command, "written");
    }

    @Override
    public void replyReceived(ObservedCommand command) {
        check(command, "replied");
    }

    @Override
    public void commandCompleted(ObservedCommand command) {
        if (check(command, "completed")) {
            commands.incrementAndGet();
            nodes.add(command.node());
        }
    }

    private boolean check(ObservedCommand command, String moment) {
        if (!counted(command)) {
            return false;
        }
        String here = Thread.currentThread().getName();
        if (!here.equals(command.attachment())) {
            offLoop.add(moment + " of " + command.queryText(true) + " on " + here + ", sent from " + command.attachment());
        }
        return true;
    }

    private static boolean counted(ObservedCommand command) {
        return command.name().equals("GET") || command.name().equals("SET");
    }

    int commands() {
        return commands.get();
    }

    Set<String> offLoop() {
        return offLoop;
    }

    Set<String> loops() {
        return senders;
    }

    Set<String> nodes() {
        return nodes;
    }
}
