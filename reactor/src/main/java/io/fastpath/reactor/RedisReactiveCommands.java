package io.fastpath.reactor;

import io.fastpath.command.StreamEntry;
import java.time.Duration;
import reactor.core.publisher.Flux;

/**
 * Every typed command as a {@link reactor.core.publisher.Mono}, for one key/value codec, plus the reads that are
 * naturally a {@link Flux}: SCAN families ({@code scan}, {@code hscan}, {@code sscan}, {@code zscan}) and streams.
 * Every Flux here fetches by demand: a command goes out only while the subscriber wants more, asking for no more
 * than that, so nothing is buffered beyond one reply. Thread-safe: share one instance.
 */
public interface RedisReactiveCommands<K, V> extends StringReactiveCommands<K, V>, ServerReactiveCommands<K, V>,
        KeyReactiveCommands<K, V>, HashReactiveCommands<K, V>, ListReactiveCommands<K, V>, SetReactiveCommands<K, V>,
        SortedSetReactiveCommands<K, V>, ScriptReactiveCommands<K, V>, StreamReactiveCommands<K, V>,
        StreamGroupReactiveCommands<K, V>, BitmapReactiveCommands<K, V>, HyperLogLogReactiveCommands<K, V>,
        GeoReactiveCommands<K, V>, PubSubReactiveCommands<K, V>, BlockingReactiveCommands<K, V> {

    /**
     * The entries of {@code stream} from {@code start} to {@code end} inclusive ({@code -} and {@code +} for the
     * extremes), lowest IDs first, read with XRANGE ... COUNT in pages no larger than the outstanding demand.
     * Completes after the last entry in the range.
     */
    Flux<StreamEntry<K, V>> xrangeFlux(K stream, String start, String end);

    /**
     * Tails {@code stream}: the entries after {@code afterId} ({@code 0} for all, {@code $} for those added from
     * the subscription on), then every entry added later, read with XREAD ... BLOCK {@code block} on a dedicated
     * connection, each read asking for no more than the outstanding demand. Never completes; cancel to stop.
     */
    Flux<StreamEntry<K, V>> xreadFlux(K stream, String afterId, Duration block);

    /**
     * The entries of {@code stream} new to consumer {@code consumer} of {@code group} (XREADGROUP ... BLOCK
     * {@code block} with {@code >}), each read asking for no more than the outstanding demand; acknowledge them
     * with {@code xack}. Never completes; cancel to stop (entries read but not yet emitted stay pending for the
     * consumer, as with any XREADGROUP).
     */
    Flux<StreamEntry<K, V>> xreadGroupFlux(K stream, String group, String consumer, Duration block);

    /**
     * The same commands, each with {@code timeout} as its deadline instead of the client's command timeout (see
     * {@link io.fastpath.RedisCommands#withTimeout}): a Mono whose deadline passes fails with the client's
     * {@link io.fastpath.RedisTimeoutException}. A Flux's pages each get {@code timeout}; a stream read's BLOCK time
     * comes on top of it. Checked here, before any subscription.
     *
     * @param timeout positive, at most {@link io.fastpath.RedisClientBuilder#MAX_COMMAND_TIMEOUT}
     * @throws io.fastpath.RedisArgumentException for a null, zero, negative or longer timeout
     */
    RedisReactiveCommands<K, V> withTimeout(Duration timeout);
}
