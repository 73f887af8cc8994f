package io.fastpath.command;

import io.fastpath.RedisArgumentException;
import io.fastpath.internal.command.CommandArguments;

/** A position as the geo commands take and answer it: longitude first, in degrees. */
public record GeoCoordinates(double longitude, double latitude) {

    /** The latitude limit of the Web Mercator projection the server's geohashes use. */
    public static final double MAX_LATITUDE = 85.05112878;

    /** Fails, before anything is sent, for a position the server would reject. */
    static GeoCoordinates requireValid(String command, GeoCoordinates coordinates) {
        CommandArguments.requireNotNull(command, "the coordinates", coordinates);
        double longitude = coordinates.longitude();
        double latitude = coordinates.latitude();
        if (!(longitude >= -180 && longitude <= 180) || !(latitude >= -MAX_LATITUDE && latitude <= MAX_LATITUDE)) {
            throw new RedisArgumentException(command + ": coordinates out of range: longitude " + longitude + ", latitude "
                    + latitude + " (longitude -180..180, latitude -85.05112878..85.05112878)");
        }
        return coordinates;
    }
}
