package io.fastpath.internal.command;

import io.fastpath.command.GeoCoordinates;
import io.fastpath.command.GeoResult;
import io.fastpath.RedisCodec;
import io.fastpath.command.Reply;
import java.util.ArrayList;
import java.util.List;

/** Reply converters of the geo commands, for their RESP2 and RESP3 shapes. */
public final class GeoConverters {
    private GeoConverters() {}

    /** A [longitude, latitude] pair (bulk strings in RESP2, doubles in RESP3), or null. */
    public static final ReplyConverter<GeoCoordinates> COORDINATES_OR_NULL = reply -> {
        if (reply instanceof Reply.NullReply) {
            return null;
        }
        List<Reply> pair = Converters.elements(reply);
        if (pair.size() != 2) {
            throw new UnexpectedReplyException("a [longitude, latitude] pair", reply);
        }
        return new GeoCoordinates(Converters.DOUBLE.convert(pair.get(0)), Converters.DOUBLE.convert(pair.get(1)));
    };

    /** GEOPOS: one position per member, null for a missing member. */
    public static final ReplyConverter<List<GeoCoordinates>> POSITIONS = reply -> {
        List<Reply> elements = Converters.elements(reply);
        List<GeoCoordinates> result = new ArrayList<>(elements.size());
        for (Reply element : elements) {
            result.add(COORDINATES_OR_NULL.convert(element));
        }
        return result;
    };

    /** GEOHASH: one 11-character geohash per member, null for a missing member. */
    public static final ReplyConverter<List<String>> HASHES = reply -> {
        List<Reply> elements = Converters.elements(reply);
        List<String> result = new ArrayList<>(elements.size());
        for (Reply element : elements) {
            result.add(element instanceof Reply.NullReply ? null : Converters.STATUS.convert(element));
        }
        return result;
    };

    /**
     * GEOSEARCH: bare members without WITH options; otherwise one array per match holding the member,
     * then the distance, hash and coordinates that were asked for, in that order.
     */
    public static <V> ReplyConverter<List<GeoResult<V>>> results(RedisCodec<?, V> codec, boolean withDistance,
            boolean withHash, boolean withCoordinates) {
        ReplyConverter<V> member = Converters.value(codec);
        boolean withAnything = withDistance || withHash || withCoordinates;
        int expected = 1 + (withDistance ? 1 : 0) + (withHash ? 1 : 0) + (withCoordinates ? 1 : 0);
        return reply -> {
            List<Reply> elements = Converters.elements(reply);
            List<GeoResult<V>> result = new ArrayList<>(elements.size());
            for (Reply element : elements) {
                if (!withAnything) {
                    result.add(new GeoResult<>(member.convert(element), null, null, null));
                    continue;
                }
                List<Reply> parts = Converters.elements(element);
                if (parts.size() != expected) {
                    throw new UnexpectedReplyException(expected + " parts per match", element);
                }
                int next = 1;
                Double distance = withDistance ? Converters.DOUBLE.convert(parts.get(next++)) : null;
                Long hash = withHash ? Converters.LONG.convert(parts.get(next++)) : null;
                GeoCoordinates coordinates = withCoordinates ? COORDINATES_OR_NULL.convert(parts.get(next)) : null;
                result.add(new GeoResult<>(member.convert(parts.get(0)), distance, hash, coordinates));
            }
            return result;
        };
    }
}
