package io.fastpath;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** A {@link CommandListener} for tests: copies what it is told into plain records, with the thread that told it. */
final class RecordingListener implements CommandListener {

    /** One moment of one command, copied when it was reported. */
    record Seen(String moment, String thread, String name, String node, ObservedCommand.Outcome outcome, String errorCode,
                long startNanos, long writtenNanos, long replyNanos, long completedNanos, int bytesOut, int bytesIn,
                int batchSize, boolean cacheFill, int redirects, int retries, Object attachment, ObservedClient client) {}

    final List<Seen> moments = new CopyOnWriteArrayList<>();
    final List<String> events = new CopyOnWriteArrayList<>();
    final List<ObservedConnection> openConnections = new CopyOnWriteArrayList<>();

    @Override
    public Object commandStarted(ObservedCommand command) {
        record("started", command);
        return "attachment of " + command.name();
    }

    @Override
    public void commandWritten(ObservedCommand command) {
        record("written", command);
    }

    @Override
    public void replyReceived(ObservedCommand command) {
        record("reply", command);
    }

    @Override
    public void commandCompleted(ObservedCommand command) {
        record("completed", command);
    }

    @Override
    public void cacheHit(ObservedClient client, String commandName) {
        events.add("cacheHit " + commandName);
    }

    @Override
    public void clientStarted(ObservedClient client) {
        events.add("clientStarted " + client.serverHost() + ":" + client.serverPort());
    }

    @Override
    public void clientClosed(ObservedClient client) {
        events.add("clientClosed");
    }

    @Override
    public void connectionOpened(ObservedConnection connection) {
        openConnections.add(connection);
        events.add("connectionOpened " + connection.node());
    }

    @Override
    public void connectionClosed(ObservedConnection connection) {
        openConnections.remove(connection);
        events.add("connectionClosed " + connection.node());
    }

    @Override
    public void reconnectScheduled(ObservedConnection connection, int attempt) {
        events.add("reconnectScheduled " + connection.node() + " " + attempt);
    }

    @Override
    public void topologyRefreshed(ObservedClient client, boolean applied) {
        events.add("topologyRefreshed " + applied);
    }

    private void record(String moment, ObservedCommand c) {
        moments.add(new Seen(moment, Thread.currentThread().getName(), c.name(), c.node(), c.outcome(), c.errorCode(),
                c.startNanos(), c.writtenNanos(), c.replyNanos(), c.completedNanos(), c.bytesOut(), c.bytesIn(),
                c.batchSize(), c.cacheFill(), c.redirects(), c.retries(), c.attachment(), c.client()));
    }

    /** Every moment reported for commands named {@code name}, in order. */
    List<Seen> of(String name) {
        return moments.stream().filter(seen -> seen.name().equals(name)).toList();
    }

    /** The completions of commands named {@code name}. */
    List<Seen> completed(String name) {
        return moments.stream().filter(seen -> seen.name().equals(name) && seen.moment().equals("completed")).toList();
    }
}
