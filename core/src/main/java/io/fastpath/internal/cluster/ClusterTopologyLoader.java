package io.fastpath.internal.cluster;

import io.fastpath.RedisServerException;
import io.fastpath.command.Reply;
import io.fastpath.internal.command.CommandSpec;
import io.fastpath.internal.connection.CommandFuture;
import io.fastpath.internal.connection.Connection;
import java.util.concurrent.CompletableFuture;

/** Asks one node for the topology: {@code CLUSTER SHARDS}, or {@code CLUSTER SLOTS} on servers before 7.0. */
final class ClusterTopologyLoader {
    private ClusterTopologyLoader() {}

    /** Completes on the connection's event loop. */
    static CompletableFuture<ClusterTopology> load(Connection connection, long deadlineNanos) {
        // CLUSTER SLOTS and redirects already give a TLS connection the TLS ports; CLUSTER SHARDS lists both.
        return send(connection, deadlineNanos, "CLUSTER", "SHARDS")
                .thenApply(reply -> ClusterTopologyParser.fromShards(reply, connection.usesTls()))
                .exceptionallyCompose(failure -> {
                    Throwable cause = failure instanceof java.util.concurrent.CompletionException ? failure.getCause() : failure;
                    if (cause instanceof RedisServerException server && server.getMessage().toLowerCase().contains("unknown")) {
                        return send(connection, deadlineNanos, "CLUSTER", "SLOTS").thenApply(ClusterTopologyParser::fromSlots);
                    }
                    return CompletableFuture.failedFuture(cause);
                });
    }

    /** True when the node says {@code cluster_enabled:1} in {@code INFO cluster}. */
    static CompletableFuture<Boolean> isClusterNode(Connection connection, long deadlineNanos) {
        return send(connection, deadlineNanos, "INFO", "cluster").thenApply(reply -> {
            String text = reply instanceof Reply.VerbatimStringReply verbatim ? verbatim.text()
                    : reply instanceof Reply.BulkStringReply bulk ? bulk.asUtf8() : "";
            return text.contains("cluster_enabled:1");
        });
    }

    static CompletableFuture<Reply> send(Connection connection, long deadlineNanos, String... words) {
        CommandFuture<Reply> future = new CommandFuture<>(CommandSpec.words(words), true, deadlineNanos);
        connection.send(future);
        return future;
    }
}
