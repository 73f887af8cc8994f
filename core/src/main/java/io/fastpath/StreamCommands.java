package io.fastpath;

import java.util.List;
import java.util.Map;

/** Streams without consumer groups, blocking. See {@link StreamCommandBuilder} for each command's reply. */
public interface StreamCommands<K, V> extends SyncDispatcher<K, V> {

    default String xadd(K key, Map<K, V> fields) {
        return execute(commands().xadd(key, fields));
    }

    default String xadd(K key, XAddArgs options, Map<K, V> fields) {
        return execute(commands().xadd(key, options, fields));
    }

    default List<StreamEntry<K, V>> xrange(K key, String start, String end) {
        return execute(commands().xrange(key, start, end));
    }

    default List<StreamEntry<K, V>> xrange(K key, String start, String end, long count) {
        return execute(commands().xrange(key, start, end, count));
    }

    default List<StreamEntry<K, V>> xrevrange(K key, String end, String start) {
        return execute(commands().xrevrange(key, end, start));
    }

    default List<StreamEntry<K, V>> xrevrange(K key, String end, String start, long count) {
        return execute(commands().xrevrange(key, end, start, count));
    }

    default long xlen(K key) {
        return execute(commands().xlen(key));
    }

    default long xtrim(K key, StreamTrim trimming) {
        return execute(commands().xtrim(key, trimming));
    }

    default long xdel(K key, List<String> ids) {
        return execute(commands().xdel(key, ids));
    }

    default List<StreamEntries<K, V>> xread(List<StreamOffset<K>> streams) {
        return execute(commands().xread(streams));
    }

    default List<StreamEntries<K, V>> xread(StreamReadArgs options, List<StreamOffset<K>> streams) {
        return execute(commands().xread(options, streams));
    }
}
