package io.fastpath;

/**
 * One connection of a client, as a {@link CommandListener} sees it: gauges read from any thread without
 * synchronization, so each value is recent rather than exact.
 */
public interface ObservedConnection {

    /** {@code host:port} of its server. */
    String node();

    /** A number unique to this connection within the JVM, stable for its life (across reconnects). */
    int id();

    /** {@code connecting}, {@code handshaking}, {@code ready}, {@code disconnected} (waiting to reconnect) or {@code closed}. */
    String state();

    /** Commands accepted and not yet written: queued for the next write, or held while reconnecting. */
    int queuedCommands();

    /** Commands written and awaiting their replies (abandoned ones whose late reply is still due included). */
    int commandsInFlight();

    /** Reconnect attempts since it was last ready (0 while connected). */
    int reconnectAttempts();
}
