package io.fastpath.command;

import io.fastpath.RedisArgumentException;
import io.fastpath.RedisCodec;
import io.fastpath.internal.command.ArgumentList;
import io.fastpath.internal.command.CommandArguments;
import io.fastpath.internal.command.CommandSpec;
import io.fastpath.internal.command.Converters;
import java.util.List;
import java.util.Map;

/** Builds the string-group commands; arguments are validated and encoded here, on the caller's thread. */
public interface StringCommandBuilder<K, V> {

    RedisCodec<K, V> codec();

    default Command<V> get(K key) {
        return new ArgumentList("GET", 2).addKey(codec().encodeKey(key)).read(Converters.value(codec()));
    }

    /** SET; true when the value was set (false only when NX/XX prevented it). */
    default Command<Boolean> set(K key, V value) {
        return set(key, value, SetArgs.none());
    }

    default Command<Boolean> set(K key, V value, SetArgs options) {
        // Sized exactly for a plain SET, so building it copies no array (PerCommandPathBenchmark.buildAndEncodeSet).
        ArgumentList arguments = new ArgumentList("SET", options == SetArgs.none() ? 3 : 6)
                .addKey(codec().encodeKey(key)).add(codec().encodeValue(value));
        CommandArguments.requireNotNull("SET", "options (SetArgs.none() for none)", options).appendTo(arguments);
        return arguments.write(Converters.OK_OR_NULL);
    }

    /** SET ... GET: sets and returns the previous value (null if none, or if NX/XX prevented the set and there was none). */
    default Command<V> setGet(K key, V value, SetArgs options) {
        ArgumentList arguments = new ArgumentList("SET", 7).addKey(codec().encodeKey(key)).add(codec().encodeValue(value));
        CommandArguments.requireNotNull("SET", "options (SetArgs.none() for none)", options).appendTo(arguments);
        return arguments.keyword("GET").write(Converters.value(codec()));
    }

    @SuppressWarnings("unchecked")
    default Command<List<V>> mget(K... keys) {
        return mget(CommandArguments.list(keys));
    }

    default Command<List<V>> mget(List<K> keys) {
        CommandArguments.requireNotEmpty("MGET", keys, "key");
        ArgumentList arguments = new ArgumentList("MGET", keys.size() + 1);
        for (K key : keys) {
            arguments.addKey(codec().encodeKey(key));
        }
        return arguments.read(Converters.valueList(codec()));
    }

    default Command<Void> mset(Map<K, V> entries) {
        CommandArguments.requireNotEmpty("MSET", entries, "entry");
        ArgumentList arguments = new ArgumentList("MSET", entries.size() * 2 + 1);
        for (Map.Entry<K, V> entry : entries.entrySet()) {
            arguments.addKey(codec().encodeKey(entry.getKey())).add(codec().encodeValue(entry.getValue()));
        }
        return arguments.write(Converters.OK);
    }

    /** MSETNX: true when every key was set, false when any existed (then none was set). */
    default Command<Boolean> msetnx(Map<K, V> entries) {
        CommandArguments.requireNotEmpty("MSETNX", entries, "entry");
        ArgumentList arguments = new ArgumentList("MSETNX", entries.size() * 2 + 1);
        for (Map.Entry<K, V> entry : entries.entrySet()) {
            arguments.addKey(codec().encodeKey(entry.getKey())).add(codec().encodeValue(entry.getValue()));
        }
        return arguments.write(Converters.BOOLEAN);
    }

    default Command<Long> incr(K key) {
        return new ArgumentList("INCR", 2).addKey(codec().encodeKey(key)).write(Converters.LONG);
    }

    default Command<Long> incrBy(K key, long increment) {
        return new ArgumentList("INCRBY", 3).addKey(codec().encodeKey(key)).add(increment).write(Converters.LONG);
    }

    default Command<Double> incrByFloat(K key, double increment) {
        return new ArgumentList("INCRBYFLOAT", 3).addKey(codec().encodeKey(key)).add(increment).write(Converters.DOUBLE);
    }

    default Command<Long> decr(K key) {
        return new ArgumentList("DECR", 2).addKey(codec().encodeKey(key)).write(Converters.LONG);
    }

    default Command<Long> decrBy(K key, long decrement) {
        return new ArgumentList("DECRBY", 3).addKey(codec().encodeKey(key)).add(decrement).write(Converters.LONG);
    }

    /** APPEND; returns the new length. */
    default Command<Long> append(K key, V value) {
        return new ArgumentList("APPEND", 3).addKey(codec().encodeKey(key)).add(codec().encodeValue(value)).write(Converters.LONG);
    }

    default Command<V> getDel(K key) {
        return new ArgumentList("GETDEL", 2).addKey(codec().encodeKey(key)).write(Converters.value(codec()));
    }

    default Command<V> getEx(K key, GetExArgs expiry) {
        ArgumentList arguments = new ArgumentList("GETEX", 4).addKey(codec().encodeKey(key));
        CommandArguments.requireNotNull("GETEX", "expiry", expiry).appendTo(arguments);
        return arguments.write(Converters.value(codec()));
    }

    default Command<Long> strlen(K key) {
        return new ArgumentList("STRLEN", 2).addKey(codec().encodeKey(key)).read(Converters.LONG);
    }

    /** GETRANGE with inclusive offsets; negative offsets count from the end. */
    default Command<V> getRange(K key, long start, long end) {
        return new ArgumentList("GETRANGE", 4).addKey(codec().encodeKey(key)).add(start).add(end).read(Converters.value(codec()));
    }

    /** SETRANGE; returns the new length. */
    default Command<Long> setRange(K key, long offset, V value) {
        if (offset < 0) {
            throw new RedisArgumentException("SETRANGE: offset must not be negative, got " + offset);
        }
        return new ArgumentList("SETRANGE", 4).addKey(codec().encodeKey(key)).add(offset).add(codec().encodeValue(value))
                .write(Converters.LONG);
    }
}
