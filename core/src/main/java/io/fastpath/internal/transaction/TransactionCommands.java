package io.fastpath.internal.transaction;

import io.fastpath.RedisArgumentException;
import io.fastpath.internal.command.CommandSpec;
import io.fastpath.internal.command.SharedConnectionRules;
import java.util.Set;

/** Commands that would break the client's own handling of a transaction block or its WATCH session. */
public final class TransactionCommands {
    /** They change what the connection's next replies mean, so only the client itself may send them. */
    private static final Set<String> CLIENT_MANAGED = Set.of("MULTI", "EXEC", "DISCARD", "WATCH", "UNWATCH");

    private TransactionCommands() {}

    /**
     * Refuses, before anything is sent, a command that cannot be part of a transaction block or its WATCH
     * session: the client's own transaction commands, and anything refused on a shared connection (a block
     * runs on one, and a WATCH connection goes back to its pool afterwards).
     */
    public static void requireAllowedInTransaction(CommandSpec<?> spec) {
        if (CLIENT_MANAGED.contains(spec.name())) {
            throw new RedisArgumentException(spec.name() + " cannot be queued in a transaction: the client sends "
                    + "MULTI, EXEC and WATCH itself (use redis.multi() or redis.watch(...))");
        }
        SharedConnectionRules.requireAllowedOnSharedConnection(spec.args());
    }
}
