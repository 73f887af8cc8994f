package io.fastpath.internal.transaction;

import io.fastpath.RedisArgumentException;
import java.util.Set;

/** Commands that would break the client's own handling of a transaction or a shared connection. */
public final class TransactionCommands {
    /** They change what the connection's next replies mean, so only the client itself may send them. */
    private static final Set<String> CLIENT_MANAGED = Set.of("MULTI", "EXEC", "DISCARD", "WATCH", "UNWATCH");
    /** They leave the connection in another mode (pub/sub, monitor) or close it. */
    private static final Set<String> CONNECTION_MODES = Set.of("SUBSCRIBE", "PSUBSCRIBE", "SSUBSCRIBE", "MONITOR",
            "RESET", "QUIT");

    private TransactionCommands() {}

    /** Refuses, before anything is sent, a command that cannot be part of a transaction block or its WATCH session. */
    public static void requireAllowedInTransaction(String upperCaseName) {
        if (CLIENT_MANAGED.contains(upperCaseName) || CONNECTION_MODES.contains(upperCaseName)) {
            throw new RedisArgumentException(upperCaseName + " cannot be queued in a transaction: the client sends "
                    + "MULTI, EXEC and WATCH itself (use redis.transaction(...) or redis.watch(...))");
        }
    }

    /** Refuses MULTI/EXEC/DISCARD/WATCH/UNWATCH through the generic API: on a shared connection they would capture other callers' commands. */
    public static void requireNotClientManaged(String upperCaseName) {
        if (CLIENT_MANAGED.contains(upperCaseName)) {
            throw new RedisArgumentException(upperCaseName + " cannot be sent on its own: connections are shared, so "
                    + "it would capture other callers' commands. Use redis.transaction(...) or redis.watch(...)");
        }
    }
}
