package io.fastpath;

import java.time.Duration;

/** Every typed command, asynchronously, for one key/value codec. Futures complete off the I/O threads by default. */
public interface RedisAsyncCommands<K, V> extends StringAsyncCommands<K, V>, ServerAsyncCommands<K, V>,
        KeyAsyncCommands<K, V>, HashAsyncCommands<K, V>, ListAsyncCommands<K, V>, SetAsyncCommands<K, V>,
        SortedSetAsyncCommands<K, V>, ScriptAsyncCommands<K, V>,
        StreamAsyncCommands<K, V>, StreamGroupAsyncCommands<K, V>,
        BitmapAsyncCommands<K, V>, HyperLogLogAsyncCommands<K, V>, GeoAsyncCommands<K, V>,
        PubSubAsyncCommands<K, V>, BlockingAsyncCommands<K, V> {

    /**
     * The same commands, on the same client and connections, each with {@code timeout} as its deadline instead of the
     * client's {@link RedisClientBuilder#commandTimeout}; see {@link RedisCommands#withTimeout}. A future whose
     * deadline passes fails as with the client's own timeout ({@link RedisTimeoutException}, or
     * {@link RedisNotSentException} for a command the client never wrote).
     *
     * @param timeout positive, at most {@link RedisClientBuilder#MAX_COMMAND_TIMEOUT}
     * @throws RedisArgumentException for a null, zero, negative or longer timeout, before anything is sent
     */
    RedisAsyncCommands<K, V> withTimeout(Duration timeout);
}
