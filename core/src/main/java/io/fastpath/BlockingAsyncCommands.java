package io.fastpath;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/** The commands of {@link BlockingCommands}, returning futures; each runs on a pooled dedicated connection. */
public interface BlockingAsyncCommands<K, V> extends AsyncDispatcher<K, V> {

    @SuppressWarnings("unchecked")
    default CompletableFuture<KeyValue<K, V>> blpop(Duration timeout, K... keys) {
        return dispatch(commands().blpop(timeout, keys));
    }

    default CompletableFuture<KeyValue<K, V>> blpop(Duration timeout, List<K> keys) {
        return dispatch(commands().blpop(timeout, keys));
    }

    @SuppressWarnings("unchecked")
    default CompletableFuture<KeyValue<K, V>> brpop(Duration timeout, K... keys) {
        return dispatch(commands().brpop(timeout, keys));
    }

    default CompletableFuture<KeyValue<K, V>> brpop(Duration timeout, List<K> keys) {
        return dispatch(commands().brpop(timeout, keys));
    }

    default CompletableFuture<V> blmove(K source, K destination, ListSide from, ListSide to, Duration timeout) {
        return dispatch(commands().blmove(source, destination, from, to, timeout));
    }

    default CompletableFuture<KeyedValues<K, V>> blmpop(Duration timeout, List<K> keys, ListSide side, long count) {
        return dispatch(commands().blmpop(timeout, keys, side, count));
    }

    default CompletableFuture<KeyValue<K, ScoredValue<V>>> bzpopmin(Duration timeout, List<K> keys) {
        return dispatch(commands().bzpopmin(timeout, keys));
    }

    default CompletableFuture<KeyValue<K, ScoredValue<V>>> bzpopmax(Duration timeout, List<K> keys) {
        return dispatch(commands().bzpopmax(timeout, keys));
    }

    default CompletableFuture<List<StreamEntries<K, V>>> xread(Duration block, StreamReadArgs options, List<StreamOffset<K>> streams) {
        return dispatch(commands().xread(block, options, streams));
    }

    default CompletableFuture<List<StreamEntries<K, V>>> xreadGroup(Duration block, String group, String consumer, StreamReadArgs options, List<StreamOffset<K>> streams) {
        return dispatch(commands().xreadGroup(block, group, consumer, options, streams));
    }

    default CompletableFuture<Long> waitForReplicas(long replicas, Duration timeout) {
        return dispatch(commands().waitForReplicas(replicas, timeout));
    }
}
