package io.fastpath.command;

/**
 * One GEOSEARCH match. {@code distance} (in the query's unit, from its centre), {@code hash} (the 52-bit
 * geohash score) and {@code coordinates} are null unless WITHDIST, WITHHASH or WITHCOORD asked for them.
 */
public record GeoResult<V>(V member, Double distance, Long hash, GeoCoordinates coordinates) {}
