package io.fastpath.spring;

import static io.fastpath.spring.FastpathConnection.command;

import io.fastpath.command.Reply;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.springframework.data.domain.Sort.Direction;
import org.springframework.data.geo.Circle;
import org.springframework.data.geo.Distance;
import org.springframework.data.geo.GeoResult;
import org.springframework.data.geo.GeoResults;
import org.springframework.data.geo.Metric;
import org.springframework.data.geo.Point;
import org.springframework.data.redis.connection.RedisGeoCommands;
import org.springframework.data.redis.domain.geo.BoxShape;
import org.springframework.data.redis.domain.geo.GeoReference;
import org.springframework.data.redis.domain.geo.GeoShape;
import org.springframework.data.redis.domain.geo.RadiusShape;

/** Geo commands: GEORADIUS and GEOSEARCH replies into Spring's {@link GeoResults}. */
final class FastpathGeoCommands implements RedisGeoCommands {
    private final FastpathConnection connection;

    FastpathGeoCommands(FastpathConnection connection) {
        this.connection = connection;
    }

    @Override
    public Long geoAdd(byte[] key, Point point, byte[] member) {
        Arguments.notNull(point, "Point");
        return connection.invoke(command("GEOADD", key, point.getX(), point.getY(), member), Replies::toLong);
    }

    @Override
    public Long geoAdd(byte[] key, Map<byte[], Point> memberCoordinateMap) {
        Arguments.notNull(memberCoordinateMap, "MemberCoordinateMap");
        Words words = new Words("GEOADD", key);
        memberCoordinateMap.forEach((member, point) -> words.add(point.getX(), point.getY(), member));
        return connection.invoke(words.build(), Replies::toLong);
    }

    @Override
    public Long geoAdd(byte[] key, Iterable<GeoLocation<byte[]>> locations) {
        Arguments.notNull(locations, "Locations");
        Words words = new Words("GEOADD", key);
        for (GeoLocation<byte[]> location : locations) {
            words.add(location.getPoint().getX(), location.getPoint().getY(), location.getName());
        }
        return connection.invoke(words.build(), Replies::toLong);
    }

    @Override
    public Distance geoDist(byte[] key, byte[] member1, byte[] member2) {
        return geoDist(key, member1, member2, DistanceUnit.METERS);
    }

    @Override
    public Distance geoDist(byte[] key, byte[] member1, byte[] member2, Metric metric) {
        Arguments.notNull(metric, "Metric");
        return connection.invoke(command("GEODIST", key, member1, member2, unit(metric)), reply -> {
            Double value = Replies.toDouble(reply);
            return value == null ? null : new Distance(value, metric);
        });
    }

    @Override
    public List<String> geoHash(byte[] key, byte[]... members) {
        return connection.invoke(new Words("GEOHASH", key).add((Object[]) members).build(), reply -> Replies.toList(reply, Replies::toText));
    }

    @Override
    public List<Point> geoPos(byte[] key, byte[]... members) {
        return connection.invoke(new Words("GEOPOS", key).add((Object[]) members).build(),
                reply -> Replies.toList(reply, FastpathGeoCommands::point));
    }

    private static Point point(Reply reply) {
        List<Reply> coordinates = Replies.elements(reply);
        return coordinates == null || coordinates.isEmpty() ? null
                : new Point(Replies.toDouble(coordinates.get(0)), Replies.toDouble(coordinates.get(1)));
    }

    @Override
    public GeoResults<GeoLocation<byte[]>> geoRadius(byte[] key, Circle within) {
        return geoRadius(key, within, GeoRadiusCommandArgs.newGeoRadiusArgs());
    }

    @Override
    public GeoResults<GeoLocation<byte[]>> geoRadius(byte[] key, Circle within, GeoRadiusCommandArgs args) {
        Arguments.notNull(args, "Args");
        Arguments.notNull(within, "Within");
        Distance radius = within.getRadius();
        Words words = new Words("GEORADIUS", key, within.getCenter().getX(), within.getCenter().getY(), radius.getValue(),
                unit(radius.getMetric())).add(searchOptions(args));
        return connection.invoke(words.build(), results(args, radius.getMetric()));
    }

    @Override
    public GeoResults<GeoLocation<byte[]>> geoRadiusByMember(byte[] key, byte[] member, Distance radius) {
        return geoRadiusByMember(key, member, radius, GeoRadiusCommandArgs.newGeoRadiusArgs());
    }

    @Override
    public GeoResults<GeoLocation<byte[]>> geoRadiusByMember(byte[] key, byte[] member, Distance radius, GeoRadiusCommandArgs args) {
        Arguments.notNull(args, "Args");
        Arguments.notNull(radius, "Radius");
        Words words = new Words("GEORADIUSBYMEMBER", key, member, radius.getValue(), unit(radius.getMetric()))
                .add(searchOptions(args));
        return connection.invoke(words.build(), results(args, radius.getMetric()));
    }

    @Override
    public Long geoRemove(byte[] key, byte[]... members) {
        return connection.invoke(new Words("ZREM", key).add((Object[]) members).build(), Replies::toLong);
    }

    @Override
    public GeoResults<GeoLocation<byte[]>> geoSearch(byte[] key, GeoReference<byte[]> reference, GeoShape predicate,
                                                     GeoSearchCommandArgs args) {
        Arguments.notNull(args, "Args");
        Arguments.notNull(predicate, "Predicate");
        Arguments.notNull(reference, "Reference");
        Words words = new Words("GEOSEARCH", key).add(from(reference)).add(by(predicate)).add(searchOptions(args));
        return connection.invoke(words.build(), results(args, predicate.getMetric()));
    }

    @Override
    public Long geoSearchStore(byte[] destKey, byte[] key, GeoReference<byte[]> reference, GeoShape predicate,
                               GeoSearchStoreCommandArgs args) {
        Arguments.notNull(args, "Args");
        Arguments.notNull(predicate, "Predicate");
        Arguments.notNull(reference, "Reference");
        Words words = new Words("GEOSEARCHSTORE", destKey, key).add(from(reference)).add(by(predicate));
        addSortAndLimit(words, args.getSortDirection(), args.getLimit(), args.getFlags().contains(GeoRadiusCommandArgs.Flag.ANY));
        words.addIf(args.isStoreDistance(), "STOREDIST");
        return connection.invoke(words.build(), Replies::toLong);
    }

    private static Object[] from(GeoReference<byte[]> reference) {
        if (reference instanceof GeoReference.GeoMemberReference<byte[]> member) {
            return new Object[] {"FROMMEMBER", member.getMember()};
        }
        if (reference instanceof GeoReference.GeoCoordinateReference<byte[]> coordinates) {
            return new Object[] {"FROMLONLAT", coordinates.getLongitude(), coordinates.getLatitude()};
        }
        throw new org.springframework.dao.InvalidDataAccessApiUsageException("unknown GeoReference " + reference);
    }

    private static Object[] by(GeoShape shape) {
        if (shape instanceof RadiusShape radius) {
            return new Object[] {"BYRADIUS", radius.getRadius().getValue(), unit(radius.getMetric())};
        }
        if (shape instanceof BoxShape box) {
            return new Object[] {"BYBOX", box.getBoundingBox().getWidth().getValue(), box.getBoundingBox().getHeight().getValue(),
                    unit(box.getMetric())};
        }
        throw new org.springframework.dao.InvalidDataAccessApiUsageException("unknown GeoShape " + shape);
    }

    private static Object[] searchOptions(GeoCommandArgs args) {
        Words words = new Words();
        if (args == null) {
            return words.toArray();
        }
        Set<? extends GeoCommandArgs.GeoCommandFlag> flags = args.getFlags();
        words.addIf(flags.contains(GeoRadiusCommandArgs.Flag.WITHCOORD), "WITHCOORD");
        words.addIf(flags.contains(GeoRadiusCommandArgs.Flag.WITHDIST), "WITHDIST");
        addSortAndLimit(words, args.getSortDirection(), args.getLimit(), flags.contains(GeoRadiusCommandArgs.Flag.ANY));
        return words.toArray();
    }

    private static void addSortAndLimit(Words words, Direction direction, Long limit, boolean any) {
        if (direction != null) {
            words.add(direction == Direction.ASC ? "ASC" : "DESC");
        }
        if (limit != null) {
            words.add("COUNT", limit).addIf(any, "ANY");
        }
    }

    /** Each result is a bare member, or {@code [member, distance?, [lon, lat]?]} in the order the flags ask. */
    private static Function<Reply, GeoResults<GeoLocation<byte[]>>> results(GeoCommandArgs args, Metric metric) {
        boolean withDistance = args != null && args.getFlags().contains(GeoRadiusCommandArgs.Flag.WITHDIST);
        boolean withCoordinates = args != null && args.getFlags().contains(GeoRadiusCommandArgs.Flag.WITHCOORD);
        return reply -> {
            List<GeoResult<GeoLocation<byte[]>>> results = new ArrayList<>();
            for (Reply each : Replies.elements(reply)) {
                List<Reply> parts = each instanceof Reply.ArrayReply array ? array.elements() : List.of(each);
                int next = 1;
                double distance = withDistance ? Replies.toDouble(parts.get(next++)) : 0.0;
                Point point = withCoordinates ? point(parts.get(next)) : null;
                results.add(new GeoResult<>(new GeoLocation<>(Replies.toBytes(parts.get(0)), point), new Distance(distance, metric)));
            }
            return new GeoResults<>(results, metric);
        };
    }

    /** The unit word: Spring's metrics name theirs by abbreviation; a neutral metric means meters. */
    private static String unit(Metric metric) {
        String abbreviation = metric == null ? "" : metric.getAbbreviation();
        return abbreviation == null || abbreviation.isEmpty() ? "m" : abbreviation;
    }
}
