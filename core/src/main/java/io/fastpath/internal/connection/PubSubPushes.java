package io.fastpath.internal.connection;

import java.util.Set;

/** The RESP3 push kinds of pub/sub: confirmations of the (un)subscribe family and delivered messages. */
final class PubSubPushes {
    private static final Set<String> KINDS = Set.of("subscribe", "psubscribe", "ssubscribe", "unsubscribe",
            "punsubscribe", "sunsubscribe", "message", "pmessage", "smessage");

    private PubSubPushes() {}

    static boolean isPubSub(String kind) {
        return KINDS.contains(kind);
    }
}
