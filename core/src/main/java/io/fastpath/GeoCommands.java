package io.fastpath;

import java.util.List;

/** Geo sets, blocking. See {@link GeoCommandBuilder} for each command's reply. */
public interface GeoCommands<K, V> extends SyncDispatcher<K, V> {

    default long geoadd(K key, List<GeoMember<V>> members) {
        return execute(commands().geoadd(key, members));
    }

    default long geoadd(K key, GeoAddArgs options, List<GeoMember<V>> members) {
        return execute(commands().geoadd(key, options, members));
    }

    default Double geodist(K key, V from, V to) {
        return execute(commands().geodist(key, from, to));
    }

    default Double geodist(K key, V from, V to, GeoUnit unit) {
        return execute(commands().geodist(key, from, to, unit));
    }

    default List<GeoCoordinates> geopos(K key, List<V> members) {
        return execute(commands().geopos(key, members));
    }

    default List<String> geohash(K key, List<V> members) {
        return execute(commands().geohash(key, members));
    }

    default List<GeoResult<V>> geosearch(K key, GeoSearch<V> query) {
        return execute(commands().geosearch(key, query));
    }

    default long geosearchStore(K destination, K source, GeoSearch<V> query) {
        return execute(commands().geosearchStore(destination, source, query));
    }

    default long geosearchStoreDistances(K destination, K source, GeoSearch<V> query) {
        return execute(commands().geosearchStoreDistances(destination, source, query));
    }
}
