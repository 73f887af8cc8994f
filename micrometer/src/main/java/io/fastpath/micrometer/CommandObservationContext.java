package io.fastpath.micrometer;

import io.fastpath.ObservedClient;
import io.fastpath.ObservedCommand;
import io.micrometer.observation.transport.Kind;
import io.micrometer.observation.transport.SenderContext;

/**
 * What an observation of one command carries, copied from the {@link ObservedCommand} when it starts and
 * completes (the command itself is not kept). A {@link SenderContext} of kind CLIENT with remote service
 * {@code redis}, so Micrometer Tracing makes a client span of it; nothing is propagated to Redis.
 */
public final class CommandObservationContext extends SenderContext<Object> {
    private final String commandName;
    private final int batchSize;
    private final String serverHost;
    private final int serverPort;
    private final String peerHost;
    private final int peerPort;
    private final int database;
    private final String queryText;
    private ObservedCommand.Outcome outcome;
    private String errorType;

    CommandObservationContext(ObservedCommand command, String queryText) {
        super((carrier, key, value) -> { }, Kind.CLIENT);
        ObservedClient client = command.client();
        this.commandName = command.name();
        this.batchSize = command.batchSize();
        this.serverHost = client.serverHost();
        this.serverPort = client.serverPort();
        this.peerHost = command.serverHost();
        this.peerPort = command.serverPort();
        this.database = client.database();
        this.queryText = queryText;
        setRemoteServiceName("redis");
        setRemoteServiceAddress("redis://" + (peerHost == null ? serverHost : peerHost) + ":" + (peerHost == null ? serverPort : peerPort));
    }

    void completed(ObservedCommand command) {
        this.outcome = command.outcome();
        this.errorType = command.errorType();
    }

    /** {@code GET}; EXEC for a MULTI block. */
    public String commandName() {
        return commandName;
    }

    /** Commands in the MULTI block, 0 for a single command. */
    public int batchSize() {
        return batchSize;
    }

    /** The address the client was configured with (the seed of a cluster). */
    public String serverHost() {
        return serverHost;
    }

    public int serverPort() {
        return serverPort;
    }

    /** The node that served the command; null when none took it. */
    public String peerHost() {
        return peerHost;
    }

    public int peerPort() {
        return peerPort;
    }

    public int database() {
        return database;
    }

    /** The sanitized command text, or null unless the listener was asked for it. */
    public String queryText() {
        return queryText;
    }

    /** Null until the command completed. */
    public ObservedCommand.Outcome outcome() {
        return outcome;
    }

    /** The error's class after the database conventions (see {@link ObservedCommand#errorType()}), null after a success. */
    public String errorType() {
        return errorType;
    }
}
