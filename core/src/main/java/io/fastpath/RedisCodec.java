package io.fastpath;

import java.nio.charset.StandardCharsets;

/**
 * How keys and values of a command view are turned into bytes and back. {@link #UTF8} backs
 * {@link RedisClient}'s own methods; {@link #BYTES} backs {@link RedisClient#binary()}.
 */
public interface RedisCodec<K, V> {

    byte[] encodeKey(K key);

    byte[] encodeValue(V value);

    K decodeKey(byte[] bytes);

    V decodeValue(byte[] bytes);

    /** Strings as UTF-8. */
    RedisCodec<String, String> UTF8 = new RedisCodec<>() {
        @Override
        public byte[] encodeKey(String key) {
            return key.getBytes(StandardCharsets.UTF_8);
        }

        @Override
        public byte[] encodeValue(String value) {
            return value.getBytes(StandardCharsets.UTF_8);
        }

        @Override
        public String decodeKey(byte[] bytes) {
            return new String(bytes, StandardCharsets.UTF_8);
        }

        @Override
        public String decodeValue(byte[] bytes) {
            return new String(bytes, StandardCharsets.UTF_8);
        }
    };

    /** Raw bytes, unchanged (the caller must not modify an array after passing it). */
    RedisCodec<byte[], byte[]> BYTES = new RedisCodec<>() {
        @Override
        public byte[] encodeKey(byte[] key) {
            return key;
        }

        @Override
        public byte[] encodeValue(byte[] value) {
            return value;
        }

        @Override
        public byte[] decodeKey(byte[] bytes) {
            return bytes;
        }

        @Override
        public byte[] decodeValue(byte[] bytes) {
            return bytes;
        }
    };
}
