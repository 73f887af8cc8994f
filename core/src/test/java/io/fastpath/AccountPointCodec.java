package io.fastpath;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * A user's codec for the codec-view tests: keys are {@link Account}s written as text {@code acct:{region}:id} (the
 * region is the hash tag, so one region's keys share a cluster slot), values are {@link Point}s written as eight
 * bytes, two big-endian ints. Fixed width and binary: a value holding CR, LF or zero bytes must come back intact,
 * and any reply of another width fails to decode instead of passing for a value.
 */
final class AccountPointCodec implements RedisCodec<AccountPointCodec.Account, AccountPointCodec.Point> {
    static final AccountPointCodec CODEC = new AccountPointCodec();

    /** A key (also a hash field, a stream field, a channel: whatever the commands type as K). */
    record Account(String region, long id) {
        @Override
        public String toString() {
            return "acct:{" + region + "}:" + id;
        }
    }

    /** A value (also a set, sorted-set, list, geo and HyperLogLog member). */
    record Point(int x, int y) {}

    @Override
    public byte[] encodeKey(Account key) {
        return key.toString().getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public byte[] encodeValue(Point value) {
        return ByteBuffer.allocate(8).putInt(value.x()).putInt(value.y()).array();
    }

    @Override
    public Account decodeKey(byte[] bytes) {
        String text = new String(bytes, StandardCharsets.UTF_8);
        int open = text.indexOf('{');
        int close = text.indexOf('}');
        if (!text.startsWith("acct:{") || close < open || text.charAt(close + 1) != ':') {
            throw new IllegalArgumentException("not an account key: " + text);
        }
        return new Account(text.substring(open + 1, close), Long.parseLong(text.substring(close + 2)));
    }

    @Override
    public Point decodeValue(byte[] bytes) {
        if (bytes.length != 8) {
            throw new IllegalArgumentException("a point is 8 bytes, got " + bytes.length);
        }
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        return new Point(buffer.getInt(), buffer.getInt());
    }
}
