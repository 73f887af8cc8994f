package io.fastpath.command;

/** A member to GEOADD, with its position. */
public record GeoMember<V>(V member, GeoCoordinates coordinates) {

    public static <V> GeoMember<V> of(V member, double longitude, double latitude) {
        return new GeoMember<>(member, new GeoCoordinates(longitude, latitude));
    }
}
