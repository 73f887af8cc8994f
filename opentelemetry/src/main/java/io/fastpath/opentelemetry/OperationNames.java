package io.fastpath.opentelemetry;

import io.fastpath.ObservedCommand;

/** {@code db.operation.name}: the command's name as sent, {@code MULTI} for a MULTI/EXEC block (the Redis conventions' term). */
final class OperationNames {
    private OperationNames() {}

    static String of(ObservedCommand command) {
        return command.batchSize() > 0 ? "MULTI" : command.name();
    }
}
