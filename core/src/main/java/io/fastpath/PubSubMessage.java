package io.fastpath;

import java.nio.charset.StandardCharsets;

/**
 * One pub/sub message as delivered to a {@link PubSubListener}.
 *
 * @param channel the channel it was published to (a shard channel for {@code ssubscribe})
 * @param pattern the pattern that matched it for {@code psubscribe}; null otherwise
 * @param payload the published bytes, unchanged; one array shared by every listener of this message, so do not modify it
 */
public record PubSubMessage(String channel, String pattern, byte[] payload) {

    /** The payload decoded as UTF-8. */
    public String message() {
        return new String(payload, StandardCharsets.UTF_8);
    }

    @Override
    public String toString() {
        return "PubSubMessage[" + channel + (pattern == null ? "" : " via " + pattern) + ", " + payload.length + " bytes]";
    }
}
