package io.fastpath.reactor;

import io.fastpath.RedisCodec;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A user's JSON-ish codec for the reactive codec-view tests: keys are {@link Sensor}s written as
 * {@code sensor:{site}:number} (the site is the hash tag), values are {@link Reading}s written as
 * {@code {"celsius":21.5,"unit":"C"}}; anything else fails to decode.
 */
final class SensorCodec implements RedisCodec<SensorCodec.Sensor, SensorCodec.Reading> {
    static final SensorCodec CODEC = new SensorCodec();
    private static final Pattern KEY = Pattern.compile("sensor:\\{([^}]*)\\}:(\\d+)");
    private static final Pattern VALUE = Pattern.compile("\\{\"celsius\":(-?[0-9.]+),\"unit\":\"([A-Z])\"\\}");

    record Sensor(String site, int number) {}

    record Reading(double celsius, String unit) {}

    @Override
    public byte[] encodeKey(Sensor key) {
        return ("sensor:{" + key.site() + "}:" + key.number()).getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public byte[] encodeValue(Reading value) {
        return String.format(Locale.ROOT, "{\"celsius\":%s,\"unit\":\"%s\"}", value.celsius(), value.unit())
                .getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public Sensor decodeKey(byte[] bytes) {
        Matcher key = matching(KEY, bytes);
        return new Sensor(key.group(1), Integer.parseInt(key.group(2)));
    }

    @Override
    public Reading decodeValue(byte[] bytes) {
        Matcher value = matching(VALUE, bytes);
        return new Reading(Double.parseDouble(value.group(1)), value.group(2));
    }

    private static Matcher matching(Pattern pattern, byte[] bytes) {
        Matcher matcher = pattern.matcher(new String(bytes, StandardCharsets.UTF_8));
        if (!matcher.matches()) {
            throw new IllegalArgumentException("not a " + pattern + ": " + new String(bytes, StandardCharsets.UTF_8));
        }
        return matcher;
    }
}
