package io.fastpath.micrometer;

import io.micrometer.common.KeyValue;
import io.micrometer.common.KeyValues;
import java.util.Locale;

/**
 * The default observation of a command: name {@code fastpath.command} (so Micrometer's default meter handler
 * makes the timer {@code fastpath.command} and the long task timer {@code fastpath.command.active}),
 * contextual name the command's name (the span name: {@code GET}, or {@code MULTI} for a block), and key
 * values after OpenTelemetry's database conventions: low cardinality {@code db.system.name=redis},
 * {@code db.operation.name}, {@code db.namespace} (the database index), {@code server.address},
 * {@code server.port} (as configured), {@code network.peer.address}, {@code network.peer.port} (the node
 * that served it), {@code outcome} and {@code error.type} ({@code none} after a success); high cardinality
 * {@code db.query.text} when the listener captures it, {@code db.operation.batch.size} for a MULTI block.
 */
public class DefaultCommandObservationConvention implements CommandObservationConvention {
    public static final String NAME = "fastpath.command";

    @Override
    public String getName() {
        return NAME;
    }

    @Override
    public String getContextualName(CommandObservationContext context) {
        return context.batchSize() > 0 ? "MULTI" : context.commandName();
    }

    @Override
    public KeyValues getLowCardinalityKeyValues(CommandObservationContext context) {
        KeyValues values = KeyValues.of(
                KeyValue.of("db.system.name", "redis"),
                KeyValue.of("db.operation.name", context.batchSize() > 0 ? "MULTI" : context.commandName()),
                KeyValue.of("db.namespace", Integer.toString(context.database())),
                KeyValue.of("server.address", context.serverHost()),
                KeyValue.of("server.port", Integer.toString(context.serverPort())),
                KeyValue.of("network.peer.address", context.peerHost() == null ? "none" : context.peerHost()),
                KeyValue.of("network.peer.port", context.peerHost() == null ? "none" : Integer.toString(context.peerPort())),
                KeyValue.of("outcome", context.outcome() == null ? "unknown" : context.outcome().name().toLowerCase(Locale.ROOT)),
                KeyValue.of("error.type", context.errorType() == null ? "none" : context.errorType()));
        return values;
    }

    @Override
    public KeyValues getHighCardinalityKeyValues(CommandObservationContext context) {
        KeyValues values = KeyValues.empty();
        if (context.queryText() != null) {
            values = values.and("db.query.text", context.queryText());
        }
        if (context.batchSize() > 0) {
            values = values.and("db.operation.batch.size", Integer.toString(context.batchSize()));
        }
        return values;
    }
}
