package io.fastpath.internal.pubsub;

import java.nio.charset.StandardCharsets;

/** The three kinds of subscription, with the commands and push types the server uses for each. */
public enum PubSubKind {
    CHANNEL("SUBSCRIBE", "UNSUBSCRIBE", "message"),
    PATTERN("PSUBSCRIBE", "PUNSUBSCRIBE", "pmessage"),
    SHARD("SSUBSCRIBE", "SUNSUBSCRIBE", "smessage");

    final byte[] subscribe;
    final byte[] unsubscribe;
    /** The first element of a message push of this kind. */
    final String messageType;

    PubSubKind(String subscribe, String unsubscribe, String messageType) {
        this.subscribe = subscribe.getBytes(StandardCharsets.US_ASCII);
        this.unsubscribe = unsubscribe.getBytes(StandardCharsets.US_ASCII);
        this.messageType = messageType;
    }

    String subscribeName() {
        return new String(subscribe, StandardCharsets.US_ASCII);
    }
}
