package io.fastpath;

import java.util.List;
import java.util.concurrent.CompletableFuture;

/** Geo sets, asynchronously. See {@link GeoCommandBuilder} for each command's reply. */
public interface GeoAsyncCommands<K, V> extends AsyncDispatcher<K, V> {

    default CompletableFuture<Long> geoadd(K key, List<GeoMember<V>> members) {
        return dispatch(commands().geoadd(key, members));
    }

    default CompletableFuture<Long> geoadd(K key, GeoAddArgs options, List<GeoMember<V>> members) {
        return dispatch(commands().geoadd(key, options, members));
    }

    default CompletableFuture<Double> geodist(K key, V from, V to) {
        return dispatch(commands().geodist(key, from, to));
    }

    default CompletableFuture<Double> geodist(K key, V from, V to, GeoUnit unit) {
        return dispatch(commands().geodist(key, from, to, unit));
    }

    default CompletableFuture<List<GeoCoordinates>> geopos(K key, List<V> members) {
        return dispatch(commands().geopos(key, members));
    }

    default CompletableFuture<List<String>> geohash(K key, List<V> members) {
        return dispatch(commands().geohash(key, members));
    }

    default CompletableFuture<List<GeoResult<V>>> geosearch(K key, GeoSearch<V> query) {
        return dispatch(commands().geosearch(key, query));
    }

    default CompletableFuture<Long> geosearchStore(K destination, K source, GeoSearch<V> query) {
        return dispatch(commands().geosearchStore(destination, source, query));
    }

    default CompletableFuture<Long> geosearchStoreDistances(K destination, K source, GeoSearch<V> query) {
        return dispatch(commands().geosearchStoreDistances(destination, source, query));
    }
}
