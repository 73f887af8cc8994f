package io.fastpath;

/**
 * A stream to read and the ID to read after, for XREAD and XREADGROUP. Use {@link #undelivered} with
 * XREADGROUP for entries never delivered to the group, and an ID such as {@code 0} for this consumer's
 * pending entries.
 */
public record StreamOffset<K>(K stream, String afterId) {

    public StreamOffset {
        if (afterId == null || afterId.isEmpty()) {
            throw new RedisArgumentException("a stream offset needs an ID");
        }
    }

    /** Entries after {@code afterId}. */
    public static <K> StreamOffset<K> after(K stream, String afterId) {
        return new StreamOffset<>(stream, afterId);
    }

    /** Every entry of the stream (after ID 0-0); with XREADGROUP, this consumer's pending entries. */
    public static <K> StreamOffset<K> fromStart(K stream) {
        return new StreamOffset<>(stream, "0-0");
    }

    /** XREADGROUP's {@code >}: entries never delivered to any consumer of the group. */
    public static <K> StreamOffset<K> undelivered(K stream) {
        return new StreamOffset<>(stream, ">");
    }
}
