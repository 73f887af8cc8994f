package io.fastpath;

/**
 * Sees every command a client sends, and the state the client keeps: the one instrumentation point
 * behind {@code fastpath-micrometer}, {@code fastpath-opentelemetry} and the slow-command log. Set it with
 * {@link RedisClientBuilder#commandListener}; without one the client calls nothing and reads no extra clock.
 *
 * <p>A command is seen four times, each with the same {@link ObservedCommand} (the client's own record of
 * it, so no object is made for the listener):
 * <ol>
 *   <li>{@link #commandStarted} on the thread that handed it to a connection (the caller's, except for a
 *       command re-routed by the client itself), before anything else happens to it;
 *   <li>{@link #commandWritten} on the connection's I/O thread, once its bytes are in the socket's buffer
 *       (again after each redirect or replay);
 *   <li>{@link #replyReceived} on the I/O thread, when its reply is decoded and matched (also for an error
 *       reply the client follows, such as MOVED);
 *   <li>{@link #commandCompleted} exactly once, on the thread that completes it (the I/O thread for blocking
 *       callers and timeouts, the completion executor for async ones, the caller's for a refusal), right
 *       before its caller sees the outcome.
 * </ol>
 * A command that fails before reaching a connection (no node serves its slot) is started and completed only.
 * The handshake's commands and the client's internal entries (ASKING, MULTI, a cache fill's CACHING YES and PTTL) are
 * never seen on their own; a cache fill is seen as the read it fills ({@link ObservedCommand#cacheFill()}),
 * and a MULTI/EXEC block as its EXEC ({@link ObservedCommand#batchSize()}). The client's own queries through
 * its connections (a cluster's CLUSTER SHARDS, COMMAND GETKEYS for an unknown command) are seen like any other.
 *
 * <p>Every method runs on a client thread and must return quickly without blocking: the per-command ones
 * run on the I/O threads too. An exception a method throws is logged once (WARNING) and otherwise ignored.
 * The {@link ObservedCommand} must not be kept after {@link #commandCompleted} returns.
 */
public interface CommandListener {

    /** Listens to nothing: what a client has when no listener is set (the client then never calls one). */
    CommandListener NONE = new CommandListener() { };

    /**
     * The command was handed to a connection (or failed before one could take it). Whatever this returns is
     * kept with the command as {@link ObservedCommand#attachment()}: a span or an observation, for instance.
     */
    default Object commandStarted(ObservedCommand command) {
        return null;
    }

    /** The command's bytes were written to its connection's socket buffer (I/O thread). */
    default void commandWritten(ObservedCommand command) {
    }

    /** The command's reply was decoded and matched to it (I/O thread). */
    default void replyReceived(ObservedCommand command) {
    }

    /** The command finished: {@link ObservedCommand#outcome()} says how. Called once per started command. */
    default void commandCompleted(ObservedCommand command) {
    }

    /**
     * A read was answered from the client-side cache, with no command sent (caller thread). Hits and misses
     * are also counted in {@link ObservedClient#cacheStats()}; this is per command name.
     */
    default void cacheHit(ObservedClient client, String commandName) {
    }

    /** A client is being built with this listener, before it connects; {@code client} stays valid until it closes. */
    default void clientStarted(ObservedClient client) {
    }

    /** The client closed (or failed to start): nothing more will be reported for it. */
    default void clientClosed(ObservedClient client) {
    }

    /**
     * A connection started (shared, blocking, WATCH or subscriber; a cluster node's when the node joins the
     * topology). Its gauges ({@link ObservedConnection}) may be read from any thread until it closes.
     */
    default void connectionOpened(ObservedConnection connection) {
    }

    /** A connection closed for good (client closed, node left the topology, pooled connection discarded). */
    default void connectionClosed(ObservedConnection connection) {
    }

    /** A connection lost its server (or never reached it) and will try again: {@code attempt} counts from 1. */
    default void reconnectScheduled(ObservedConnection connection, int attempt) {
    }

    /**
     * A cluster topology refresh ended: {@code applied} when a node answered and its topology was applied,
     * false when no node asked could answer (routing keeps the previous table).
     */
    default void topologyRefreshed(ObservedClient client, boolean applied) {
    }
}
