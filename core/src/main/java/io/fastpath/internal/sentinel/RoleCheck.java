package io.fastpath.internal.sentinel;

import io.fastpath.RedisConnectionException;
import io.fastpath.command.Reply;
import io.fastpath.internal.client.ClientResources;
import io.fastpath.internal.command.CommandSpec;
import io.fastpath.internal.connection.CommandFuture;
import io.fastpath.internal.connection.Connection;
import io.fastpath.internal.connection.ConnectionSettings;
import io.fastpath.internal.connection.Endpoint;
import io.fastpath.internal.connection.HandshakeExtension;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * Verifies with {@code ROLE} that a data node is what the Sentinels say it is: at the end of every
 * handshake of the primary's and replicas' connections (a connection to a node that is no longer the
 * primary never becomes ready, and the client asks the Sentinels again), and in a one-off probe before
 * the client moves to an address a Sentinel named (a stale Sentinel can name a demoted node).
 */
final class RoleCheck implements HandshakeExtension {
    static final String PRIMARY = "master";
    static final String REPLICA = "slave";

    private final String expected;
    private final Endpoint endpoint;
    private final Runnable onMismatch;
    private final long timeoutNanos;

    RoleCheck(String expected, Endpoint endpoint, long timeoutNanos, Runnable onMismatch) {
        this.expected = expected;
        this.endpoint = endpoint;
        this.timeoutNanos = timeoutNanos;
        this.onMismatch = onMismatch;
    }

    @Override
    public CompletableFuture<?> run(Consumer<CommandFuture<?>> writer) {
        CommandFuture<Reply> role = new CommandFuture<>(CommandSpec.words("ROLE"), true, System.nanoTime() + timeoutNanos);
        writer.accept(role);
        return role.thenCompose(reply -> {
            String actual = SentinelReplies.role(reply);
            if (expected.equals(actual)) {
                return CompletableFuture.completedFuture(null);
            }
            onMismatch.run();
            return CompletableFuture.failedFuture(new RedisConnectionException(endpoint.toString(), "ROLE says '" + actual
                    + "' where the Sentinels named a " + (PRIMARY.equals(expected) ? "primary" : "replica")
                    + "; the client asks the Sentinels again", null));
        });
    }

    /**
     * One short-lived connection to {@code endpoint} with the data nodes' settings, asking ROLE; completes
     * with its first element ({@code master}, {@code slave}...) or fails (unreachable, refused, silent).
     */
    static CompletableFuture<String> probe(Endpoint endpoint, ConnectionSettings dataSettings, ClientResources resources,
                                           long timeoutNanos) {
        ConnectionSettings once = dataSettings.withoutTracking().withReplicaReads(false);
        Connection connection = new Connection(endpoint, once, resources.nextEventLoop(), resources.channelType());
        CommandFuture<Reply> role = new CommandFuture<>(CommandSpec.words("ROLE"), true, System.nanoTime() + timeoutNanos);
        connection.start().exceptionally(failed -> {
            role.completeExceptionally(failed); // an unreachable node fails the probe now, not at its deadline
            return null;
        });
        connection.send(role);
        return role.thenApply(SentinelReplies::role).whenComplete((ignored, failure) -> connection.close(0));
    }
}
