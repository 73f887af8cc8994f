package io.fastpath.command;

import io.fastpath.RedisArgumentException;
import io.fastpath.RedisCodec;
import io.fastpath.internal.command.ArgumentList;
import io.fastpath.internal.command.CommandArguments;
import io.fastpath.internal.command.Converters;
import java.util.List;
import java.util.Map;

/**
 * Builds the hash commands; arguments are validated and encoded on the caller's thread. Fields use the
 * key codec, values the value codec.
 */
public interface HashCommandBuilder<K, V> {

    RedisCodec<K, V> codec();

    /** HSET of one field; true when the field is new, false when an existing field was overwritten. */
    default Command<Boolean> hset(K key, K field, V value) {
        return new ArgumentList("HSET", 4).addKey(codec().encodeKey(key)).add(codec().encodeKey(field))
                .add(codec().encodeValue(value)).write(Converters.BOOLEAN);
    }

    /** HSET of several fields; the number of fields that were added (not counting overwritten ones). */
    default Command<Long> hset(K key, Map<K, V> entries) {
        if (entries == null || entries.isEmpty()) {
            throw new RedisArgumentException("HSET: needs at least one field");
        }
        ArgumentList arguments = new ArgumentList("HSET", entries.size() * 2 + 2).addKey(codec().encodeKey(key));
        for (Map.Entry<K, V> entry : entries.entrySet()) {
            arguments.add(codec().encodeKey(entry.getKey())).add(codec().encodeValue(entry.getValue()));
        }
        return arguments.write(Converters.LONG);
    }

    /** HSETNX; false when the field already exists (then it is left unchanged). */
    default Command<Boolean> hsetnx(K key, K field, V value) {
        return new ArgumentList("HSETNX", 4).addKey(codec().encodeKey(key)).add(codec().encodeKey(field))
                .add(codec().encodeValue(value)).write(Converters.BOOLEAN);
    }

    /** HGET; null when the field or the key does not exist. */
    default Command<V> hget(K key, K field) {
        return new ArgumentList("HGET", 3).addKey(codec().encodeKey(key)).add(codec().encodeKey(field))
                .read(Converters.value(codec()));
    }

    /** HMGET; one value per field in order, null for a missing field. */
    @SuppressWarnings("unchecked")
    default Command<List<V>> hmget(K key, K... fields) {
        return hmget(key, CommandArguments.list(fields));
    }

    default Command<List<V>> hmget(K key, List<K> fields) {
        return fields("HMGET", key, fields).read(Converters.valueList(codec()));
    }

    /**
     * HGETALL; every field and value, in the order the server sent them; empty when the key does not exist.
     * With byte[] fields the map's keys compare by identity, so iterate its entries rather than calling get.
     */
    default Command<Map<K, V>> hgetAll(K key) {
        return new ArgumentList("HGETALL", 2).addKey(codec().encodeKey(key)).read(Converters.map(codec()));
    }

    /** HDEL; the number of fields that existed and were removed. */
    @SuppressWarnings("unchecked")
    default Command<Long> hdel(K key, K... fields) {
        return hdel(key, CommandArguments.list(fields));
    }

    default Command<Long> hdel(K key, List<K> fields) {
        return fields("HDEL", key, fields).write(Converters.LONG);
    }

    default Command<Boolean> hexists(K key, K field) {
        return new ArgumentList("HEXISTS", 3).addKey(codec().encodeKey(key)).add(codec().encodeKey(field))
                .read(Converters.BOOLEAN);
    }

    /** HLEN; the number of fields, 0 when the key does not exist. */
    default Command<Long> hlen(K key) {
        return new ArgumentList("HLEN", 2).addKey(codec().encodeKey(key)).read(Converters.LONG);
    }

    default Command<List<K>> hkeys(K key) {
        return new ArgumentList("HKEYS", 2).addKey(codec().encodeKey(key)).read(Converters.keyList(codec()));
    }

    default Command<List<V>> hvals(K key) {
        return new ArgumentList("HVALS", 2).addKey(codec().encodeKey(key)).read(Converters.valueList(codec()));
    }

    /** HINCRBY; the new value (a missing field counts as 0). */
    default Command<Long> hincrBy(K key, K field, long increment) {
        return new ArgumentList("HINCRBY", 4).addKey(codec().encodeKey(key)).add(codec().encodeKey(field))
                .add(increment).write(Converters.LONG);
    }

    /** HINCRBYFLOAT; the new value (a missing field counts as 0). */
    default Command<Double> hincrByFloat(K key, K field, double increment) {
        if (Double.isInfinite(increment)) {
            throw new RedisArgumentException("HINCRBYFLOAT: the increment must be finite, got " + increment);
        }
        return new ArgumentList("HINCRBYFLOAT", 4).addKey(codec().encodeKey(key)).add(codec().encodeKey(field))
                .add(increment).write(Converters.DOUBLE);
    }

    /** HSTRLEN; the length of the field's value, 0 when the field or key does not exist. */
    default Command<Long> hstrlen(K key, K field) {
        return new ArgumentList("HSTRLEN", 3).addKey(codec().encodeKey(key)).add(codec().encodeKey(field))
                .read(Converters.LONG);
    }

    /** HRANDFIELD; a random field, null when the key does not exist. */
    default Command<K> hrandField(K key) {
        return new ArgumentList("HRANDFIELD", 2).addKey(codec().encodeKey(key)).read(Converters.key(codec()));
    }

    /**
     * HRANDFIELD with a count: up to {@code count} distinct fields when positive; exactly {@code -count}
     * fields, possibly repeated, when negative. Empty when the key does not exist.
     */
    default Command<List<K>> hrandField(K key, long count) {
        return new ArgumentList("HRANDFIELD", 3).addKey(codec().encodeKey(key)).add(CommandArguments.requireNonZero("HRANDFIELD", "count", count))
                .read(Converters.keyList(codec()));
    }

    /** HRANDFIELD ... WITHVALUES; like {@link #hrandField(Object, long)} with each field's value. */
    default Command<List<Map.Entry<K, V>>> hrandFieldWithValues(K key, long count) {
        return new ArgumentList("HRANDFIELD", 4).addKey(codec().encodeKey(key)).add(CommandArguments.requireNonZero("HRANDFIELD", "count", count))
                .keyword("WITHVALUES").read(Converters.entryList(codec()));
    }

    /** One HSCAN page of field/value entries; a field may appear in more than one page. */
    default Command<ScanPage<Map.Entry<K, V>>> hscanPage(K key, String cursor, ScanArgs options) {
        ArgumentList arguments = new ArgumentList("HSCAN", 7).addKey(codec().encodeKey(key))
                .add(ScanArgs.requireCursor("HSCAN", cursor));
        CommandArguments.requireNotNull("HSCAN", "the options", options).appendTo(arguments, "HSCAN");
        return arguments.read(Converters.scanPage(Converters.entryList(codec())));
    }

    private ArgumentList fields(String command, K key, List<K> fields) {
        CommandArguments.requireNotEmpty(command, fields, "field");
        ArgumentList arguments = new ArgumentList(command, fields.size() + 2).addKey(codec().encodeKey(key));
        for (K field : fields) {
            arguments.add(codec().encodeKey(field));
        }
        return arguments;
    }
}
