package io.fastpath;

import io.fastpath.command.BitmapAsyncCommands;
import io.fastpath.command.BlockingAsyncCommands;
import io.fastpath.command.GeoAsyncCommands;
import io.fastpath.command.HashAsyncCommands;
import io.fastpath.command.HyperLogLogAsyncCommands;
import io.fastpath.command.KeyAsyncCommands;
import io.fastpath.command.ListAsyncCommands;
import io.fastpath.command.PubSubAsyncCommands;
import io.fastpath.command.ScriptAsyncCommands;
import io.fastpath.command.ServerAsyncCommands;
import io.fastpath.command.SetAsyncCommands;
import io.fastpath.command.SortedSetAsyncCommands;
import io.fastpath.command.StreamAsyncCommands;
import io.fastpath.command.StreamGroupAsyncCommands;
import io.fastpath.command.StringAsyncCommands;
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
