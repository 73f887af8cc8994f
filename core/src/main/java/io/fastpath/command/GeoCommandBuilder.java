package io.fastpath.command;

import io.fastpath.RedisArgumentException;
import io.fastpath.RedisCodec;
import io.fastpath.internal.command.ArgumentList;
import io.fastpath.internal.command.CommandArguments;
import io.fastpath.internal.command.Converters;
import io.fastpath.internal.command.GeoConverters;
import io.fastpath.internal.views.Views;
import java.util.List;

/**
 * Builds the geo commands. A geo set is a sorted set whose scores are geohashes, so the sorted-set
 * commands (ZREM, ZCARD...) work on it too. Positions are longitude first.
 */
public interface GeoCommandBuilder<K, V> {

    RedisCodec<K, V> codec();

    /** GEOADD; the number of members added. */
    default Command<Long> geoadd(K key, List<GeoMember<V>> members) {
        return geoadd(key, GeoAddArgs.none(), members);
    }

    /** GEOADD with NX/XX/CH; the number of members added (with CH: added or moved). */
    default Command<Long> geoadd(K key, GeoAddArgs options, List<GeoMember<V>> members) {
        CommandArguments.requireNotEmpty("GEOADD", members, "member");
        ArgumentList arguments = new ArgumentList("GEOADD", members.size() * 3 + 4).addKey(codec().encodeKey(key));
        CommandArguments.requireNotNull("GEOADD", "the options", options).appendTo(arguments);
        for (GeoMember<V> member : members) {
            GeoCoordinates position = GeoCoordinates.requireValid("GEOADD",
                    CommandArguments.requireNotNull("GEOADD", "a member", member).coordinates());
            arguments.add(position.longitude()).add(position.latitude()).add(codec().encodeValue(member.member()));
        }
        return arguments.write(Converters.LONG);
    }

    /** GEODIST in metres; null when either member is missing. */
    @Views.NullableReply
    default Command<Double> geodist(K key, V from, V to) {
        return new ArgumentList("GEODIST", 4).addKey(codec().encodeKey(key)).add(codec().encodeValue(from))
                .add(codec().encodeValue(to)).read(Converters.DOUBLE_OR_NULL);
    }

    /** GEODIST in the given unit; null when either member is missing. */
    @Views.NullableReply
    default Command<Double> geodist(K key, V from, V to, GeoUnit unit) {
        return new ArgumentList("GEODIST", 5).addKey(codec().encodeKey(key)).add(codec().encodeValue(from))
                .add(codec().encodeValue(to)).keyword(CommandArguments.requireNotNull("GEODIST", "the unit", unit).keyword())
                .read(Converters.DOUBLE_OR_NULL);
    }

    /** GEOPOS; one position per member, in order, null for a missing member. */
    default Command<List<GeoCoordinates>> geopos(K key, List<V> members) {
        ArgumentList arguments = new ArgumentList("GEOPOS", members == null ? 2 : members.size() + 2)
                .addKey(codec().encodeKey(key));
        return CommandArguments.addValues(arguments, "GEOPOS", codec(), members).read(GeoConverters.POSITIONS);
    }

    /** GEOHASH; one standard 11-character geohash per member, in order, null for a missing member. */
    default Command<List<String>> geohash(K key, List<V> members) {
        ArgumentList arguments = new ArgumentList("GEOHASH", members == null ? 2 : members.size() + 2)
                .addKey(codec().encodeKey(key));
        return CommandArguments.addValues(arguments, "GEOHASH", codec(), members).read(GeoConverters.HASHES);
    }

    /** GEOSEARCH; the matches, with the distance, hash and coordinates the query asked for. */
    default Command<List<GeoResult<V>>> geosearch(K key, GeoSearch<V> query) {
        CommandArguments.requireNotNull("GEOSEARCH", "the query", query);
        ArgumentList arguments = new ArgumentList("GEOSEARCH", 16).addKey(codec().encodeKey(key));
        query.appendTo(arguments, codec(), "GEOSEARCH", true);
        return arguments.read(GeoConverters.results(codec(), query.withDistanceRequested(), query.withHashRequested(),
                query.withCoordinatesRequested()));
    }

    /** GEOSEARCHSTORE: stores the matches of a query (without WITH options) as a geo set; the number stored. */
    default Command<Long> geosearchStore(K destination, K source, GeoSearch<V> query) {
        return searchStore(destination, source, query).write(Converters.LONG);
    }

    /**
     * GEOSEARCHSTORE ... STOREDIST: stores the matches as a plain sorted set scored by their distance from
     * the centre, in the query's unit; the number stored.
     */
    default Command<Long> geosearchStoreDistances(K destination, K source, GeoSearch<V> query) {
        return searchStore(destination, source, query).keyword("STOREDIST").write(Converters.LONG);
    }

    private ArgumentList searchStore(K destination, K source, GeoSearch<V> query) {
        CommandArguments.requireNotNull("GEOSEARCHSTORE", "the query", query);
        if (query.withAnything()) {
            throw new RedisArgumentException("GEOSEARCHSTORE: WITHCOORD, WITHDIST and WITHHASH are for GEOSEARCH only");
        }
        ArgumentList arguments = new ArgumentList("GEOSEARCHSTORE", 16).addKey(codec().encodeKey(destination))
                .addKey(codec().encodeKey(source));
        query.appendTo(arguments, codec(), "GEOSEARCHSTORE", false);
        return arguments;
    }
}
