package io.fastpath.opentelemetry;

import static io.fastpath.opentelemetry.DatabaseAttributes.DB_NAMESPACE;
import static io.fastpath.opentelemetry.DatabaseAttributes.DB_OPERATION_NAME;
import static io.fastpath.opentelemetry.DatabaseAttributes.DB_RESPONSE_STATUS_CODE;
import static io.fastpath.opentelemetry.DatabaseAttributes.DB_SYSTEM_NAME;
import static io.fastpath.opentelemetry.DatabaseAttributes.ERROR_TYPE;
import static io.fastpath.opentelemetry.DatabaseAttributes.NETWORK_PEER_ADDRESS;
import static io.fastpath.opentelemetry.DatabaseAttributes.NETWORK_PEER_PORT;
import static io.fastpath.opentelemetry.DatabaseAttributes.REDIS;
import static io.fastpath.opentelemetry.DatabaseAttributes.SERVER_ADDRESS;
import static io.fastpath.opentelemetry.DatabaseAttributes.SERVER_PORT;

import io.fastpath.ObservedClient;
import io.fastpath.ObservedCommand;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The attribute sets of {@code db.client.operation.duration}, made once per client, node, command and error
 * type and then found by map lookups on strings the client already holds, so recording allocates nothing.
 * A node's sets are dropped when its last connection closes (ListenerCostBenchmark's otel-histogram: 0 B/op). Thread-safe.
 */
final class DurationAttributes {
    private final ConcurrentHashMap<ObservedClient, ConcurrentHashMap<String, NodeSets>> byClient = new ConcurrentHashMap<>();

    Attributes of(ObservedCommand command) {
        ObservedClient client = command.client();
        ConcurrentHashMap<String, NodeSets> nodes = byClient.get(client);
        if (nodes == null) {
            nodes = byClient.computeIfAbsent(client, ignored -> new ConcurrentHashMap<>());
        }
        String node = command.node();
        String key = node == null ? "" : node;
        NodeSets sets = nodes.get(key);
        if (sets == null) {
            sets = nodes.computeIfAbsent(key, ignored -> new NodeSets(client, command.serverHost(), command.serverPort()));
        }
        return sets.of(command);
    }

    void nodeGone(String node) {
        for (ConcurrentHashMap<String, NodeSets> nodes : byClient.values()) {
            nodes.remove(node);
        }
    }

    void clientGone(ObservedClient client) {
        byClient.remove(client);
    }

    /** One node's sets, by command name and then by error type. */
    private static final class NodeSets {
        private final Attributes base;
        private final ConcurrentHashMap<String, CommandSets> byCommand = new ConcurrentHashMap<>();

        NodeSets(ObservedClient client, String peerHost, int peerPort) {
            AttributesBuilder builder = Attributes.builder()
                    .put(DB_SYSTEM_NAME, REDIS)
                    .put(DB_NAMESPACE, Integer.toString(client.database()))
                    .put(SERVER_ADDRESS, client.serverHost())
                    .put(SERVER_PORT, (long) client.serverPort());
            if (peerHost != null) {
                builder.put(NETWORK_PEER_ADDRESS, peerHost).put(NETWORK_PEER_PORT, (long) peerPort);
            }
            this.base = builder.build();
        }

        Attributes of(ObservedCommand command) {
            String operation = OperationNames.of(command);
            CommandSets sets = byCommand.get(operation);
            if (sets == null) {
                sets = byCommand.computeIfAbsent(operation, name -> new CommandSets(base.toBuilder().put(DB_OPERATION_NAME, name).build()));
            }
            return sets.of(command);
        }
    }

    /** One command's sets: success, and one per error type. */
    private static final class CommandSets {
        private final Attributes success;
        private final ConcurrentHashMap<String, Attributes> byError = new ConcurrentHashMap<>();

        CommandSets(Attributes success) {
            this.success = success;
        }

        Attributes of(ObservedCommand command) {
            String errorType = command.errorType();
            if (errorType == null) {
                return success;
            }
            Attributes failed = byError.get(errorType);
            if (failed != null) {
                return failed;
            }
            boolean serverError = command.outcome() == ObservedCommand.Outcome.SERVER_ERROR;
            return byError.computeIfAbsent(errorType, type -> {
                AttributesBuilder builder = success.toBuilder().put(ERROR_TYPE, type);
                if (serverError) {
                    builder.put(DB_RESPONSE_STATUS_CODE, type);
                }
                return builder.build();
            });
        }
    }
}
