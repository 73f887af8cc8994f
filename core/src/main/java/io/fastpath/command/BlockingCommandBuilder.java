package io.fastpath.command;

import io.fastpath.RedisArgumentException;
import io.fastpath.RedisCodec;
import io.fastpath.internal.command.ArgumentList;
import io.fastpath.internal.command.CommandArguments;
import io.fastpath.internal.command.Converters;
import io.fastpath.internal.command.StreamConverters;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;

/**
 * Builds the commands that make the server wait: BLPOP, BRPOP, BLMOVE, BLMPOP, BZPOPMIN/MAX, XREAD and
 * XREADGROUP with BLOCK, WAIT. The client sends them on a connection leased from a small per-server pool
 * (never a shared one), with a deadline of the block time plus the command timeout. A timeout of
 * {@link Duration#ZERO} waits until something arrives, without a deadline. Block times are sent with
 * millisecond precision (a shorter non-zero one counts as 1 ms).
 */
public interface BlockingCommandBuilder<K, V> {

    RedisCodec<K, V> codec();

    /** BLPOP: the head of the first non-empty list among {@code keys} and its key; null when {@code timeout} passes first. */
    @SuppressWarnings("unchecked")
    default Command<KeyValue<K, V>> blpop(Duration timeout, K... keys) {
        return blpop(timeout, CommandArguments.list(keys));
    }

    default Command<KeyValue<K, V>> blpop(Duration timeout, List<K> keys) {
        return blockingPop("BLPOP", timeout, keys);
    }

    /** BRPOP: the tail of the first non-empty list among {@code keys} and its key; null when {@code timeout} passes first. */
    @SuppressWarnings("unchecked")
    default Command<KeyValue<K, V>> brpop(Duration timeout, K... keys) {
        return brpop(timeout, CommandArguments.list(keys));
    }

    default Command<KeyValue<K, V>> brpop(Duration timeout, List<K> keys) {
        return blockingPop("BRPOP", timeout, keys);
    }

    /** BLMOVE: LMOVE that waits for {@code source} to have an element; the element, null when {@code timeout} passes first. */
    default Command<V> blmove(K source, K destination, ListSide from, ListSide to, Duration timeout) {
        CommandArguments.requireNotNull("BLMOVE", "the source side", from);
        CommandArguments.requireNotNull("BLMOVE", "the destination side", to);
        return new ArgumentList("BLMOVE", 6).addKey(codec().encodeKey(source)).addKey(codec().encodeKey(destination))
                .keyword(from.name()).keyword(to.name()).add(seconds("BLMOVE", timeout)).write(Converters.value(codec()));
    }

    /** BLMPOP: LMPOP that waits; the list's key and up to {@code count} elements, null when {@code timeout} passes first. */
    default Command<KeyedValues<K, V>> blmpop(Duration timeout, List<K> keys, ListSide side, long count) {
        CommandArguments.requireNotEmpty("BLMPOP", keys, "key");
        CommandArguments.requireNotNull("BLMPOP", "the side", side);
        CommandArguments.requirePositive("BLMPOP", "count", count);
        ArgumentList arguments = new ArgumentList("BLMPOP", keys.size() + 6).add(seconds("BLMPOP", timeout)).add(keys.size());
        for (K key : keys) {
            arguments.addKey(codec().encodeKey(key));
        }
        return arguments.keyword(side.name()).keyword("COUNT").add(count).write(Converters.keyedValues(codec()));
    }

    /** BZPOPMIN: the lowest-scored member of the first non-empty sorted set among {@code keys}; null when {@code timeout} passes first. */
    default Command<KeyValue<K, ScoredValue<V>>> bzpopmin(Duration timeout, List<K> keys) {
        return blockingScoredPop("BZPOPMIN", timeout, keys);
    }

    /** BZPOPMAX: the highest-scored member of the first non-empty sorted set among {@code keys}; null when {@code timeout} passes first. */
    default Command<KeyValue<K, ScoredValue<V>>> bzpopmax(Duration timeout, List<K> keys) {
        return blockingScoredPop("BZPOPMAX", timeout, keys);
    }

    /** XREAD ... BLOCK: waits up to {@code block} for entries after the offsets; empty when nothing arrived. */
    default Command<List<StreamEntries<K, V>>> xread(Duration block, StreamReadArgs options, List<StreamOffset<K>> streams) {
        ArgumentList arguments = new ArgumentList("XREAD", streams == null ? 6 : streams.size() * 2 + 6);
        CommandArguments.requireNotNull("XREAD", "the options", options).appendTo(arguments, "XREAD");
        arguments.keyword("BLOCK").add(millis("XREAD", block));
        return StreamOffset.appendStreams(arguments, "XREAD", codec(), streams).read(StreamConverters.streamEntries(codec()));
    }

    /** XREADGROUP ... BLOCK: waits up to {@code block} for entries for this consumer; empty when nothing arrived. */
    default Command<List<StreamEntries<K, V>>> xreadGroup(Duration block, String group, String consumer,
                                                         StreamReadArgs options, List<StreamOffset<K>> streams) {
        ArgumentList arguments = new ArgumentList("XREADGROUP", streams == null ? 10 : streams.size() * 2 + 10)
                .keyword("GROUP").add(requireName(group)).add(requireName(consumer));
        CommandArguments.requireNotNull("XREADGROUP", "the options", options).appendTo(arguments, "XREADGROUP");
        arguments.keyword("BLOCK").add(millis("XREADGROUP", block));
        return StreamOffset.appendStreams(arguments, "XREADGROUP", codec(), streams)
                .write(StreamConverters.streamEntries(codec()));
    }

    /**
     * WAIT: how many replicas acknowledged the writes made earlier on the same connection, waiting up to
     * {@code timeout} for {@code replicas} of them. Sent alone it runs on a pooled blocking connection with
     * no writes of its own; to cover your writes, run them and WAIT inside {@code redis.watch(...)}'s reads.
     */
    default Command<Long> waitForReplicas(long replicas, Duration timeout) {
        return new ArgumentList("WAIT", 3).add(CommandArguments.requireNotNegative("WAIT", "replicas", replicas))
                .add(millis("WAIT", timeout)).write(Converters.LONG);
    }

    private Command<KeyValue<K, V>> blockingPop(String command, Duration timeout, List<K> keys) {
        CommandArguments.requireNotEmpty(command, keys, "key");
        String seconds = seconds(command, timeout);
        ArgumentList arguments = new ArgumentList(command, keys.size() + 2);
        for (K key : keys) {
            arguments.addKey(codec().encodeKey(key));
        }
        return arguments.add(seconds).write(Converters.keyValue(codec()));
    }

    private Command<KeyValue<K, ScoredValue<V>>> blockingScoredPop(String command, Duration timeout, List<K> keys) {
        CommandArguments.requireNotEmpty(command, keys, "key");
        String seconds = seconds(command, timeout);
        ArgumentList arguments = new ArgumentList(command, keys.size() + 2);
        for (K key : keys) {
            arguments.addKey(codec().encodeKey(key));
        }
        return arguments.add(seconds).write(Converters.keyScoredValue(codec()));
    }

    private static String seconds(String command, Duration timeout) {
        return BigDecimal.valueOf(millis(command, timeout), 3).stripTrailingZeros().toPlainString();
    }

    /** The block time in milliseconds; 0 (wait without end) only for {@link Duration#ZERO}. */
    private static long millis(String command, Duration timeout) {
        CommandArguments.requireNotNull(command, "the timeout", timeout);
        if (timeout.isNegative()) {
            throw new RedisArgumentException(command + ": the timeout must not be negative, got " + timeout);
        }
        return timeout.isZero() ? 0 : Math.max(1, timeout.toMillis());
    }

    private static String requireName(String name) {
        if (name == null || name.isEmpty()) {
            throw new RedisArgumentException("XREADGROUP: the group and consumer names must not be empty");
        }
        return name;
    }
}
