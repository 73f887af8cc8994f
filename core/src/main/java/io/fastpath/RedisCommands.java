package io.fastpath;

import io.fastpath.command.BitmapCommands;
import io.fastpath.command.BlockingCommands;
import io.fastpath.command.GeoCommands;
import io.fastpath.command.HashCommands;
import io.fastpath.command.HyperLogLogCommands;
import io.fastpath.command.KeyCommands;
import io.fastpath.command.ListCommands;
import io.fastpath.command.PubSubCommands;
import io.fastpath.command.ScriptCommands;
import io.fastpath.command.ServerCommands;
import io.fastpath.command.SetCommands;
import io.fastpath.command.SortedSetCommands;
import io.fastpath.command.StreamCommands;
import io.fastpath.command.StreamGroupCommands;
import io.fastpath.command.StringCommands;
import java.time.Duration;

/** Every typed command, blocking, for one key/value codec. Thread-safe: share one instance. */
public interface RedisCommands<K, V> extends StringCommands<K, V>, ServerCommands<K, V>,
        KeyCommands<K, V>, HashCommands<K, V>, ListCommands<K, V>, SetCommands<K, V>, SortedSetCommands<K, V>,
        ScriptCommands<K, V>, StreamCommands<K, V>, StreamGroupCommands<K, V>,
        BitmapCommands<K, V>, HyperLogLogCommands<K, V>, GeoCommands<K, V>, PubSubCommands<K, V>,
        BlockingCommands<K, V> {

    /** The same commands, returning futures (with this view's timeout). */
    RedisAsyncCommands<K, V> async();

    /**
     * The same commands, on the same client and connections, each with {@code timeout} as its deadline instead of the
     * client's {@link RedisClientBuilder#commandTimeout}: from the call to the reply, queueing, reconnecting, replays
     * and cluster redirects and retries included, failing at that deadline as with the client's own (a
     * {@link RedisTimeoutException}, or {@link RedisNotSentException} for a command the client never wrote). A
     * blocking command (BLPOP, XREAD BLOCK...) keeps its own block time and gets {@code timeout} on top of it.
     * {@code async()} of the result has the same timeout.
     *
     * <p>Costs one view object (returned as is when the timeout is already this view's); keep it in a field rather
     * than calling this per command. A command pays nothing more than on the client itself.
     *
     * @param timeout positive, at most {@link RedisClientBuilder#MAX_COMMAND_TIMEOUT}
     * @throws RedisArgumentException for a null, zero, negative or longer timeout, before anything is sent
     */
    RedisCommands<K, V> withTimeout(Duration timeout);
}
