package io.fastpath.vertx;

import java.time.Duration;

/**
 * Every typed command as a Vert.x {@link io.vertx.core.Future}, for one key/value codec, completed on the calling
 * context. SCAN families are paged with the {@code *Page} commands ({@code scanPage}, {@code hscanPage}...), the
 * cursor in each {@link io.fastpath.command.ScanPage}. Thread-safe: share one instance between verticles.
 */
public interface RedisVertxCommands<K, V> extends StringVertxCommands<K, V>, ServerVertxCommands<K, V>,
        KeyVertxCommands<K, V>, HashVertxCommands<K, V>, ListVertxCommands<K, V>, SetVertxCommands<K, V>,
        SortedSetVertxCommands<K, V>, ScriptVertxCommands<K, V>, StreamVertxCommands<K, V>,
        StreamGroupVertxCommands<K, V>, BitmapVertxCommands<K, V>, HyperLogLogVertxCommands<K, V>,
        GeoVertxCommands<K, V>, PubSubVertxCommands<K, V>, BlockingVertxCommands<K, V> {

    /**
     * The same commands, each with {@code timeout} as its deadline instead of the client's command timeout (see
     * {@link io.fastpath.RedisCommands#withTimeout}); a Future whose deadline passes fails with the client's
     * {@link io.fastpath.RedisTimeoutException}, on the calling context as always.
     *
     * @param timeout positive, at most {@link io.fastpath.RedisClientBuilder#MAX_COMMAND_TIMEOUT}
     * @throws io.fastpath.RedisArgumentException for a null, zero, negative or longer timeout, before anything is sent
     */
    RedisVertxCommands<K, V> withTimeout(Duration timeout);
}
