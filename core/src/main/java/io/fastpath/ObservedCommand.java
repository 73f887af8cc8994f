package io.fastpath;

/**
 * One command as a {@link CommandListener} sees it: the client's own record of the command, read without
 * copying. Times are {@link System#nanoTime()} readings (0 for a moment that has not happened); counts and
 * outcome are final once {@link CommandListener#commandCompleted} is called.
 *
 * <p>Nothing here carries an argument value: {@link #queryText} replaces every argument that is not a key
 * (or every one) with {@code ?}.
 */
public interface ObservedCommand {

    /** How a command ended. */
    enum Outcome {
        /** The server answered and the caller got the result. */
        SUCCESS,
        /** The server answered with an error reply; {@link #errorCode()} is its code (WRONGTYPE, ERR...). */
        SERVER_ERROR,
        /** Never written: the connection was down for the whole deadline, its queue was full, the client closed. */
        NOT_SENT,
        /** Written, but its connection was lost before the reply: it may or may not have run. */
        OUTCOME_UNKNOWN,
        /** The deadline passed, whether or not it had been written. */
        TIMEOUT,
        /** The caller cancelled it. */
        CANCELLED,
        /** The reply arrived but the client could not hand it over (a codec or converter threw), or a redirect failed. */
        CLIENT_ERROR
    }

    /** The command's name as sent, upper case ({@code GET}; {@code CLIENT} for CLIENT LIST); EXEC for a MULTI block. */
    String name();

    /** Commands inside a MULTI/EXEC block carried by this EXEC; 0 for any other command. */
    int batchSize();

    /** {@code host:port} of the server it was last written to (or sent to); null when no connection took it. */
    String node();

    /** The host of {@link #node()}, or null. */
    String serverHost();

    /** The port of {@link #node()}, or -1. */
    int serverPort();

    /**
     * The availability zone the server of {@link #node()} reported ({@code availability_zone} of Valkey 8.0+), as of
     * that connection's latest handshake; null when it reports none, when no connection took the command, or when
     * the client was built without {@link RedisClientBuilder#clientZone} (zones are only read then). Cluster and
     * Sentinel clients only. Reads a field: no allocation.
     */
    default String serverZone() {
        return null;
    }

    /** True when the server flags the command {@code readonly}: a {@link ReadPolicy} may send it to a replica. */
    default boolean readOnly() {
        return false;
    }

    /** The hash slot of its first key (computed on each call), or -1 for a keyless command. */
    int slot();

    /** True when this is a client-side cache miss being read into the cache (the read is what {@link #name()} says). */
    boolean cacheFill();

    /** MOVED/ASK redirects it followed. */
    int redirects();

    /** Times it was sent again: after TRYAGAIN, CLUSTERDOWN, LOADING..., and after a lost connection (reads, idempotent commands). */
    int retries();

    /** When it was handed to a connection ({@link System#nanoTime()}). */
    long startNanos();

    /** When its bytes were first written; 0 if never. */
    long writtenNanos();

    /** When its (last) reply was decoded; 0 if none came. */
    long replyNanos();

    /** When it completed; 0 before {@link CommandListener#commandCompleted}. */
    long completedNanos();

    /** Bytes written for it, summed over every attempt (a MULTI block counts MULTI, its commands and EXEC). */
    int bytesOut();

    /** Bytes of its replies, summed over every attempt. */
    int bytesIn();

    /** How it ended; null before completion. */
    Outcome outcome();

    /** The server's error code for {@link Outcome#SERVER_ERROR} (WRONGTYPE, ERR, NOSCRIPT...); null otherwise. */
    String errorCode();

    /**
     * The class of error it ended with, as OpenTelemetry's {@code error.type}: the server's error code for
     * {@link Outcome#SERVER_ERROR}, {@code timeout} for {@link Outcome#TIMEOUT}, and otherwise the class name of
     * the exception its caller got ({@code io.fastpath.RedisNotSentException}...); null after a success or before
     * completion. Never a message, which may quote argument values.
     */
    default String errorType() {
        Outcome outcome = outcome();
        if (outcome == null || outcome == Outcome.SUCCESS) {
            return null;
        }
        if (outcome == Outcome.SERVER_ERROR) {
            return errorCode();
        }
        return outcome == Outcome.TIMEOUT ? "timeout" : failure().getClass().getName();
    }

    /** The exception its caller got, or null after a success. Its message may quote the server; do not export it as is. */
    Throwable failure();

    /** What {@link CommandListener#commandStarted} returned for it. */
    Object attachment();

    /** The client that sent it. */
    ObservedClient client();

    /**
     * The command as redis-cli would show it with every argument value replaced by {@code ?}: the name, a
     * subcommand (CLIENT LIST), and with {@code withKeys} the keys (which may themselves carry user data).
     * Builds a new string on each call.
     */
    String queryText(boolean withKeys);
}
