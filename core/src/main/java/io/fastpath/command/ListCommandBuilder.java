package io.fastpath.command;

import io.fastpath.RedisCodec;
import io.fastpath.internal.command.ArgumentList;
import io.fastpath.internal.command.CommandArguments;
import io.fastpath.internal.command.Converters;
import io.fastpath.internal.views.Views;
import java.util.List;

/** Builds the non-blocking list commands; arguments are validated and encoded on the caller's thread. */
public interface ListCommandBuilder<K, V> {

    RedisCodec<K, V> codec();

    /** LPUSH; the list's length afterwards. Values are pushed one by one, so the last ends up at the head. */
    @SuppressWarnings("unchecked")
    default Command<Long> lpush(K key, V... values) {
        return lpush(key, CommandArguments.list(values));
    }

    default Command<Long> lpush(K key, List<V> values) {
        return push("LPUSH", key, values);
    }

    /** RPUSH; the list's length afterwards. */
    @SuppressWarnings("unchecked")
    default Command<Long> rpush(K key, V... values) {
        return rpush(key, CommandArguments.list(values));
    }

    default Command<Long> rpush(K key, List<V> values) {
        return push("RPUSH", key, values);
    }

    /** LPUSHX: pushes only onto an existing list; the length afterwards, 0 when the key does not exist. */
    @SuppressWarnings("unchecked")
    default Command<Long> lpushx(K key, V... values) {
        return push("LPUSHX", key, CommandArguments.list(values));
    }

    /** RPUSHX: pushes only onto an existing list; the length afterwards, 0 when the key does not exist. */
    @SuppressWarnings("unchecked")
    default Command<Long> rpushx(K key, V... values) {
        return push("RPUSHX", key, CommandArguments.list(values));
    }

    /** LPOP; the head element, null when the list does not exist. */
    default Command<V> lpop(K key) {
        return new ArgumentList("LPOP", 2).addKey(codec().encodeKey(key)).write(Converters.value(codec()));
    }

    /** LPOP with a count (positive); up to {@code count} elements from the head, empty when the list does not exist. */
    default Command<List<V>> lpop(K key, long count) {
        return new ArgumentList("LPOP", 3).addKey(codec().encodeKey(key))
                .add(CommandArguments.requirePositive("LPOP", "count", count)).write(Converters.valueList(codec()));
    }

    /** RPOP; the tail element, null when the list does not exist. */
    default Command<V> rpop(K key) {
        return new ArgumentList("RPOP", 2).addKey(codec().encodeKey(key)).write(Converters.value(codec()));
    }

    /** RPOP with a count (positive); up to {@code count} elements from the tail, empty when the list does not exist. */
    default Command<List<V>> rpop(K key, long count) {
        return new ArgumentList("RPOP", 3).addKey(codec().encodeKey(key))
                .add(CommandArguments.requirePositive("RPOP", "count", count)).write(Converters.valueList(codec()));
    }

    /** LRANGE with inclusive indexes; negative indexes count from the tail (-1 is the last element). */
    default Command<List<V>> lrange(K key, long start, long stop) {
        return new ArgumentList("LRANGE", 4).addKey(codec().encodeKey(key)).add(start).add(stop)
                .read(Converters.valueList(codec()));
    }

    /** LLEN; 0 when the key does not exist. */
    default Command<Long> llen(K key) {
        return new ArgumentList("LLEN", 2).addKey(codec().encodeKey(key)).read(Converters.LONG);
    }

    /** LINDEX; null when the index is out of range or the key does not exist. */
    default Command<V> lindex(K key, long index) {
        return new ArgumentList("LINDEX", 3).addKey(codec().encodeKey(key)).add(index).read(Converters.value(codec()));
    }

    /** LSET; a server error when the index is out of range or the key does not exist. */
    default Command<Void> lset(K key, long index, V value) {
        return new ArgumentList("LSET", 4).addKey(codec().encodeKey(key)).add(index).add(codec().encodeValue(value))
                .write(Converters.OK);
    }

    /**
     * LREM: removes elements equal to {@code value}: the first {@code count} from the head when positive,
     * from the tail when negative, all when 0. Returns how many were removed.
     */
    default Command<Long> lrem(K key, long count, V value) {
        return new ArgumentList("LREM", 4).addKey(codec().encodeKey(key)).add(count).add(codec().encodeValue(value))
                .write(Converters.LONG);
    }

    /** LTRIM: keeps only the elements between the inclusive indexes. */
    default Command<Void> ltrim(K key, long start, long stop) {
        return new ArgumentList("LTRIM", 4).addKey(codec().encodeKey(key)).add(start).add(stop).write(Converters.OK);
    }

    /** LINSERT; the length afterwards, -1 when the pivot was not found, 0 when the key does not exist. */
    default Command<Long> linsert(K key, InsertPosition position, V pivot, V value) {
        CommandArguments.requireNotNull("LINSERT", "the position", position);
        return new ArgumentList("LINSERT", 5).addKey(codec().encodeKey(key)).keyword(position.name())
                .add(codec().encodeValue(pivot)).add(codec().encodeValue(value)).write(Converters.LONG);
    }

    /** LPOS; the index of the first element equal to {@code value}, null when there is none. */
    @Views.NullableReply
    default Command<Long> lpos(K key, V value) {
        return lpos(key, value, LPosArgs.none());
    }

    /** LPOS with RANK/MAXLEN; the index of the match, null when there is none. */
    @Views.NullableReply
    default Command<Long> lpos(K key, V value, LPosArgs options) {
        ArgumentList arguments = new ArgumentList("LPOS", 7).addKey(codec().encodeKey(key)).add(codec().encodeValue(value));
        CommandArguments.requireNotNull("LPOS", "the options", options).appendTo(arguments);
        return arguments.read(Converters.LONG_OR_NULL);
    }

    /** LPOS ... COUNT: the indexes of up to {@code count} matches (0 means all); empty when there is none. */
    default Command<List<Long>> lpos(K key, V value, long count, LPosArgs options) {
        ArgumentList arguments = new ArgumentList("LPOS", 9).addKey(codec().encodeKey(key)).add(codec().encodeValue(value))
                .keyword("COUNT").add(CommandArguments.requireNotNegative("LPOS", "count", count));
        CommandArguments.requireNotNull("LPOS", "the options", options).appendTo(arguments);
        return arguments.read(Converters.LONG_LIST);
    }

    /** LMOVE: pops from one end of {@code source}, pushes onto {@code destination}; the element, null when source is empty. */
    default Command<V> lmove(K source, K destination, ListSide from, ListSide to) {
        CommandArguments.requireNotNull("LMOVE", "the source side", from);
        CommandArguments.requireNotNull("LMOVE", "the destination side", to);
        return new ArgumentList("LMOVE", 5).addKey(codec().encodeKey(source)).addKey(codec().encodeKey(destination))
                .keyword(from.name()).keyword(to.name()).write(Converters.value(codec()));
    }

    /**
     * LMPOP: pops up to {@code count} elements from the first non-empty list among {@code keys}; the
     * list's key and its elements, or null when every list is empty.
     */
    default Command<KeyedValues<K, V>> lmpop(List<K> keys, ListSide side, long count) {
        CommandArguments.requireNotEmpty("LMPOP", keys, "key");
        CommandArguments.requireNotNull("LMPOP", "the side", side);
        CommandArguments.requirePositive("LMPOP", "count", count);
        ArgumentList arguments = new ArgumentList("LMPOP", keys.size() + 5).add(keys.size());
        for (K key : keys) {
            arguments.addKey(codec().encodeKey(key));
        }
        return arguments.keyword(side.name()).keyword("COUNT").add(count).write(Converters.keyedValues(codec()));
    }

    private Command<Long> push(String command, K key, List<V> values) {
        ArgumentList arguments = new ArgumentList(command, (values == null ? 0 : values.size()) + 2).addKey(codec().encodeKey(key));
        return CommandArguments.addValues(arguments, command, codec(), values).write(Converters.LONG);
    }
}
