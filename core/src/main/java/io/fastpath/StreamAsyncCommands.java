package io.fastpath;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/** Streams without consumer groups, asynchronously. See {@link StreamCommandBuilder} for each command's reply. */
public interface StreamAsyncCommands<K, V> extends AsyncDispatcher<K, V> {

    default CompletableFuture<String> xadd(K key, Map<K, V> fields) {
        return dispatch(commands().xadd(key, fields));
    }

    default CompletableFuture<String> xadd(K key, XAddArgs options, Map<K, V> fields) {
        return dispatch(commands().xadd(key, options, fields));
    }

    default CompletableFuture<List<StreamEntry<K, V>>> xrange(K key, String start, String end) {
        return dispatch(commands().xrange(key, start, end));
    }

    default CompletableFuture<List<StreamEntry<K, V>>> xrange(K key, String start, String end, long count) {
        return dispatch(commands().xrange(key, start, end, count));
    }

    default CompletableFuture<List<StreamEntry<K, V>>> xrevrange(K key, String end, String start) {
        return dispatch(commands().xrevrange(key, end, start));
    }

    default CompletableFuture<List<StreamEntry<K, V>>> xrevrange(K key, String end, String start, long count) {
        return dispatch(commands().xrevrange(key, end, start, count));
    }

    default CompletableFuture<Long> xlen(K key) {
        return dispatch(commands().xlen(key));
    }

    default CompletableFuture<Long> xtrim(K key, StreamTrim trimming) {
        return dispatch(commands().xtrim(key, trimming));
    }

    default CompletableFuture<Long> xdel(K key, List<String> ids) {
        return dispatch(commands().xdel(key, ids));
    }

    default CompletableFuture<List<StreamEntries<K, V>>> xread(List<StreamOffset<K>> streams) {
        return dispatch(commands().xread(streams));
    }

    default CompletableFuture<List<StreamEntries<K, V>>> xread(StreamReadArgs options, List<StreamOffset<K>> streams) {
        return dispatch(commands().xread(options, streams));
    }
}
