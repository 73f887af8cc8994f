package io.fastpath.internal.protocol;

/**
 * Bounds the decoder enforces on what the server sends, so a corrupt or hostile stream fails with a
 * {@link io.fastpath.RedisProtocolException} instead of exhausting memory or the stack.
 *
 * @param maxBulkLength largest bulk string, bulk error or verbatim string payload, in bytes; also caps
 *     the length of a simple-string or simple-error line
 * @param maxAggregateLength largest element count an array, set or push header may announce; for maps
 *     and attributes it counts pairs
 * @param maxNestingDepth how many aggregates (attributes included) may be open inside one another
 */
public record RespLimits(int maxBulkLength, int maxAggregateLength, int maxNestingDepth) {

    /** The server's own {@code proto-max-bulk-len} (512 MiB), 2^24 elements and 128 levels. */
    public static final RespLimits DEFAULTS = new RespLimits(512 * 1024 * 1024, 16_777_216, 128);

    /** Room for the payload plus its trailing CRLF must still fit a ByteBuf index. */
    private static final int LARGEST_BULK_LENGTH = Integer.MAX_VALUE - 2;

    public RespLimits {
        if (maxBulkLength < 1 || maxBulkLength > LARGEST_BULK_LENGTH) {
            throw new IllegalArgumentException(
                    "maxBulkLength must be in 1.." + LARGEST_BULK_LENGTH + ", was " + maxBulkLength);
        }
        if (maxAggregateLength < 1) {
            throw new IllegalArgumentException("maxAggregateLength must be positive, was " + maxAggregateLength);
        }
        if (maxNestingDepth < 1) {
            throw new IllegalArgumentException("maxNestingDepth must be positive, was " + maxNestingDepth);
        }
    }
}
