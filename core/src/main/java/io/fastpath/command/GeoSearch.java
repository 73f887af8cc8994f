package io.fastpath.command;

import io.fastpath.RedisArgumentException;
import io.fastpath.RedisCodec;
import io.fastpath.internal.command.ArgumentList;
import io.fastpath.internal.command.CommandArguments;

/**
 * A GEOSEARCH query: a centre (a member, or a longitude and latitude), a shape (a radius or a box), and
 * optionally an order, a count and what to return with each member. Immutable: start with
 * {@link #fromMember} or {@link #fromCoordinates}, then {@link #byRadius} or {@link #byBox}.
 */
public final class GeoSearch<V> {
    private final V member;
    private final GeoCoordinates centre;
    private final double[] shape;
    private final GeoUnit unit;
    private final String order;
    private final long count;
    private final boolean any;
    private final boolean withCoordinates;
    private final boolean withDistance;
    private final boolean withHash;

    private GeoSearch(V member, GeoCoordinates centre, double[] shape, GeoUnit unit, String order, long count,
            boolean any, boolean withCoordinates, boolean withDistance, boolean withHash) {
        this.member = member;
        this.centre = centre;
        this.shape = shape;
        this.unit = unit;
        this.order = order;
        this.count = count;
        this.any = any;
        this.withCoordinates = withCoordinates;
        this.withDistance = withDistance;
        this.withHash = withHash;
    }

    /** FROMMEMBER: centred on a member of the set. */
    public static <V> GeoSearch<V> fromMember(V member) {
        return new GeoSearch<>(CommandArguments.requireNotNull("GEOSEARCH", "the member", member), null, null, null,
                null, 0, false, false, false, false);
    }

    /** FROMLONLAT: centred on a position. */
    public static <V> GeoSearch<V> fromCoordinates(double longitude, double latitude) {
        GeoCoordinates centre = GeoCoordinates.requireValid("GEOSEARCH", new GeoCoordinates(longitude, latitude));
        return new GeoSearch<>(null, centre, null, null, null, 0, false, false, false, false);
    }

    /** BYRADIUS: members within {@code radius} of the centre. */
    public GeoSearch<V> byRadius(double radius, GeoUnit radiusUnit) {
        return withShape(new double[] {positive(radius)}, radiusUnit);
    }

    /** BYBOX: members within an axis-aligned box centred on the centre. */
    public GeoSearch<V> byBox(double width, double height, GeoUnit boxUnit) {
        return withShape(new double[] {positive(width), positive(height)}, boxUnit);
    }

    /** ASC: nearest first. */
    public GeoSearch<V> ascending() {
        return new GeoSearch<>(member, centre, shape, unit, "ASC", count, any, withCoordinates, withDistance, withHash);
    }

    /** DESC: farthest first. */
    public GeoSearch<V> descending() {
        return new GeoSearch<>(member, centre, shape, unit, "DESC", count, any, withCoordinates, withDistance, withHash);
    }

    /** COUNT: at most {@code matches} members (the nearest ones, when sorted). */
    public GeoSearch<V> count(long matches) {
        return new GeoSearch<>(member, centre, shape, unit, order, CommandArguments.requirePositive("GEOSEARCH", "COUNT", matches),
                false, withCoordinates, withDistance, withHash);
    }

    /** COUNT ... ANY: stop as soon as {@code matches} members are found, not necessarily the nearest. */
    public GeoSearch<V> countAny(long matches) {
        return new GeoSearch<>(member, centre, shape, unit, order, CommandArguments.requirePositive("GEOSEARCH", "COUNT", matches),
                true, withCoordinates, withDistance, withHash);
    }

    /** WITHCOORD: each member's position. */
    public GeoSearch<V> withCoordinates() {
        return new GeoSearch<>(member, centre, shape, unit, order, count, any, true, withDistance, withHash);
    }

    /** WITHDIST: each member's distance from the centre, in the shape's unit. */
    public GeoSearch<V> withDistance() {
        return new GeoSearch<>(member, centre, shape, unit, order, count, any, withCoordinates, true, withHash);
    }

    /** WITHHASH: each member's raw geohash score. */
    public GeoSearch<V> withHash() {
        return new GeoSearch<>(member, centre, shape, unit, order, count, any, withCoordinates, withDistance, true);
    }

    boolean withAnything() {
        return withCoordinates || withDistance || withHash;
    }

    boolean withCoordinatesRequested() {
        return withCoordinates;
    }

    boolean withDistanceRequested() {
        return withDistance;
    }

    boolean withHashRequested() {
        return withHash;
    }

    /** The query's arguments after the key(s); the WITH options only when {@code withOptions}. */
    void appendTo(ArgumentList arguments, RedisCodec<?, V> codec, String command, boolean withOptions) {
        if (shape == null) {
            throw new RedisArgumentException(command + ": the query needs a shape: byRadius or byBox");
        }
        if (member != null) {
            arguments.keyword("FROMMEMBER").add(codec.encodeValue(member));
        } else {
            arguments.keyword("FROMLONLAT").add(centre.longitude()).add(centre.latitude());
        }
        if (shape.length == 1) {
            arguments.keyword("BYRADIUS").add(shape[0]);
        } else {
            arguments.keyword("BYBOX").add(shape[0]).add(shape[1]);
        }
        arguments.keyword(unit.keyword());
        if (order != null) {
            arguments.keyword(order);
        }
        if (count > 0) {
            arguments.keyword("COUNT").add(count);
            if (any) {
                arguments.keyword("ANY");
            }
        }
        if (withOptions) {
            if (withCoordinates) {
                arguments.keyword("WITHCOORD");
            }
            if (withDistance) {
                arguments.keyword("WITHDIST");
            }
            if (withHash) {
                arguments.keyword("WITHHASH");
            }
        }
    }

    private GeoSearch<V> withShape(double[] dimensions, GeoUnit shapeUnit) {
        return new GeoSearch<>(member, centre, dimensions, CommandArguments.requireNotNull("GEOSEARCH", "the unit", shapeUnit),
                order, count, any, withCoordinates, withDistance, withHash);
    }

    private static double positive(double size) {
        if (!(size > 0) || Double.isInfinite(size)) {
            throw new RedisArgumentException("GEOSEARCH: a radius, width or height must be positive and finite, got " + size);
        }
        return size;
    }
}
