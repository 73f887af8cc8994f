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

    /** Strings as UTF-8; null keys and values are rejected before sending. */
    RedisCodec<String, String> UTF8 = new RedisCodec<>() {
        @Override
        public byte[] encodeKey(String key) {
            if (key == null) {
                throw new RedisArgumentException("a key must not be null");
            }
            return key.getBytes(StandardCharsets.UTF_8);
        }

        @Override
        public byte[] encodeValue(String value) {
            if (value == null) {
                throw new RedisArgumentException("a value must not be null");
            }
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
            if (key == null) {
                throw new RedisArgumentException("a key must not be null");
            }
            return key;
        }

        @Override
        public byte[] encodeValue(byte[] value) {
            if (value == null) {
                throw new RedisArgumentException("a value must not be null");
            }
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
