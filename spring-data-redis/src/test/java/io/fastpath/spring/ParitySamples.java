package io.fastpath.spring;

import java.lang.reflect.Parameter;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.springframework.data.domain.Range;
import org.springframework.data.geo.Circle;
import org.springframework.data.geo.Distance;
import org.springframework.data.geo.Metric;
import org.springframework.data.geo.Metrics;
import org.springframework.data.geo.Point;
import org.springframework.data.redis.connection.BitFieldSubCommands;
import org.springframework.data.redis.connection.BitFieldSubCommands.BitFieldType;
import org.springframework.data.redis.connection.DefaultSortParameters;
import org.springframework.data.redis.connection.ExpirationOptions;
import org.springframework.data.redis.connection.Limit;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisGeoCommands;
import org.springframework.data.redis.connection.RedisGeoCommands.GeoLocation;
import org.springframework.data.redis.connection.RedisGeoCommands.GeoRadiusCommandArgs;
import org.springframework.data.redis.connection.RedisGeoCommands.GeoSearchCommandArgs;
import org.springframework.data.redis.connection.RedisGeoCommands.GeoSearchStoreCommandArgs;
import org.springframework.data.redis.connection.RedisHashCommands;
import org.springframework.data.redis.connection.RedisHyperLogLogCommands;
import org.springframework.data.redis.connection.RedisKeyCommands;
import org.springframework.data.redis.connection.RedisListCommands;
import org.springframework.data.redis.connection.RedisListCommands.Direction;
import org.springframework.data.redis.connection.RedisListCommands.Position;
import org.springframework.data.redis.connection.RedisScriptingCommands;
import org.springframework.data.redis.connection.RedisServerCommands;
import org.springframework.data.redis.connection.RedisServerCommands.FlushOption;
import org.springframework.data.redis.connection.RedisSetCommands;
import org.springframework.data.redis.connection.RedisStreamCommands;
import org.springframework.data.redis.connection.RedisStreamCommands.XAddOptions;
import org.springframework.data.redis.connection.RedisStreamCommands.XClaimOptions;
import org.springframework.data.redis.connection.RedisStreamCommands.XPendingOptions;
import org.springframework.data.redis.connection.RedisStringCommands;
import org.springframework.data.redis.connection.RedisStringCommands.BitOperation;
import org.springframework.data.redis.connection.RedisStringCommands.SetOption;
import org.springframework.data.redis.connection.RedisZSetCommands;
import org.springframework.data.redis.connection.RedisZSetCommands.ZAddArgs;
import org.springframework.data.redis.connection.ReturnType;
import org.springframework.data.redis.connection.stream.Consumer;
import org.springframework.data.redis.connection.stream.ReadOffset;
import org.springframework.data.redis.connection.stream.RecordId;
import org.springframework.data.redis.connection.stream.StreamOffset;
import org.springframework.data.redis.connection.stream.StreamReadOptions;
import org.springframework.data.redis.connection.stream.StreamRecords;
import org.springframework.data.redis.connection.zset.Aggregate;
import org.springframework.data.redis.connection.zset.Tuple;
import org.springframework.data.redis.connection.zset.Weights;
import org.springframework.data.redis.core.types.Expiration;
import org.springframework.data.redis.domain.geo.GeoReference;
import org.springframework.data.redis.domain.geo.GeoShape;

/**
 * The data each call of the parity test runs against, and a sample argument for every parameter of Spring's command
 * interfaces, chosen by the parameter's type and name (both read by reflection) and by the interface: a {@code key}
 * of {@link RedisListCommands} is the fixture's list, of {@link RedisZSetCommands} its sorted set, and so on, so every
 * method runs against data of the right type without a case of its own. A parameter the table does not know fails
 * the test, naming it.
 */
final class ParitySamples {
    /** A script the fixture loads, so EVALSHA finds it. */
    static final String SCRIPT = "return KEYS[1]";
    static final String SCRIPT_SHA = sha1(SCRIPT);
    /** 2100-01-01: expiry times far ahead, so nothing expires while the test runs. */
    private static final long FUTURE_SECONDS = 4_102_444_800L;

    private final Class<?> group;
    private final String key;
    private final byte[] dump;

    private ParitySamples(Class<?> group, byte[] dump) {
        this.group = group;
        this.key = keyOf(group);
        this.dump = dump;
    }

    /** The samples for methods of {@code group}; {@code dump} is a DUMP of the fixture's string, for RESTORE. */
    static ParitySamples of(Class<?> group, byte[] dump) {
        return new ParitySamples(group, dump);
    }

    private static String keyOf(Class<?> group) {
        if (group == RedisListCommands.class) {
            return "list";
        }
        if (group == RedisSetCommands.class) {
            return "set";
        }
        if (group == RedisZSetCommands.class) {
            return "zset";
        }
        if (group == RedisHashCommands.class) {
            return "hash";
        }
        if (group == RedisGeoCommands.class) {
            return "geo";
        }
        if (group == RedisHyperLogLogCommands.class) {
            return "hll";
        }
        if (group == RedisStreamCommands.class) {
            return "stream";
        }
        return "string"; // key, string, server and scripting commands
    }

    /**
     * Fresh data: every database flushed, then one value of each type under the names the samples use ({@code list},
     * {@code list2}, {@code zset}...), a stream with a consumer group and two delivered entries, and the script loaded.
     */
    static void load(RedisConnection connection) {
        connection.serverCommands().flushAll();
        connection.openPipeline();
        exec(connection, "SET", "string", "10");
        exec(connection, "SET", "string2", "20");
        exec(connection, "RPUSH", "list", "a", "b", "c");
        exec(connection, "RPUSH", "list2", "d");
        exec(connection, "SADD", "set", "a", "b", "c");
        exec(connection, "SADD", "set2", "b", "d");
        exec(connection, "ZADD", "zset", "1", "a", "2", "b", "3", "c");
        exec(connection, "ZADD", "zset2", "2", "b", "4", "d");
        exec(connection, "HSET", "hash", "a", "1", "b", "2");
        exec(connection, "HSET", "hash2", "c", "3");
        exec(connection, "GEOADD", "geo", "13.361389", "38.115556", "a", "15.087269", "37.502669", "b");
        exec(connection, "GEOADD", "geo2", "13.5", "38", "c");
        exec(connection, "PFADD", "hll", "a", "b");
        exec(connection, "PFADD", "hll2", "c");
        exec(connection, "XADD", "stream", "1-0", "f", "v");
        exec(connection, "XADD", "stream", "2-0", "f", "v2");
        exec(connection, "XADD", "stream2", "1-0", "g", "w");
        exec(connection, "XGROUP", "CREATE", "stream", "group", "0");
        exec(connection, "XGROUP", "CREATE", "stream2", "group", "0");
        exec(connection, "XREADGROUP", "GROUP", "group", "consumer", "STREAMS", "stream", ">");
        exec(connection, "SCRIPT", "LOAD", SCRIPT);
        connection.closePipeline();
    }

    private static void exec(RedisConnection connection, String command, String... args) {
        byte[][] words = new byte[args.length][];
        for (int i = 0; i < args.length; i++) {
            words[i] = bytes(args[i]);
        }
        connection.execute(command, words);
    }

    static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    /** The arguments of one call, or an {@link IllegalStateException} naming the first parameter the table lacks. */
    Object[] arguments(java.lang.reflect.Method method) {
        Parameter[] parameters = method.getParameters();
        Object[] arguments = new Object[parameters.length];
        for (int i = 0; i < parameters.length; i++) {
            arguments[i] = sample(parameters[i]);
        }
        return arguments;
    }

    private Object sample(Parameter parameter) {
        Class<?> type = parameter.getType();
        String name = parameter.getName();
        if (type == byte[].class) {
            return name.equals("serializedValue") ? dump : bytes(byteArrayWord(name)); // RESTORE's payload is binary
        }
        if (type == byte[][].class) {
            return switch (name) {
                case "keys", "sets" -> new byte[][] {bytes(key), bytes(key + "2")};
                case "sourceKeys" -> new byte[][] {bytes(key + "2")};
                case "keysAndArgs" -> new byte[][] {bytes("string"), bytes("argument")};
                default -> new byte[][] {bytes("a"), bytes("b")}; // fields, members, values
            };
        }
        if (type == boolean.class) {
            return true;
        }
        if (type == double.class) {
            return switch (name) {
                case "min" -> 1.0;
                case "max" -> 3.0;
                case "radius" -> 200_000.0; // metres
                case "timeout" -> 0.1;
                default -> 1.5; // delta, increment, score, value
            };
        }
        if (type == int.class || type == Integer.class) {
            return switch (name) {
                case "count" -> 2;
                case "rank", "numKeys", "timeout", "dbIndex" -> 1;
                default -> throw unknown(parameter);
            };
        }
        if (type == long.class || type == Long.class) {
            return switch (name) {
                case "count", "value", "delta" -> 2L;
                case "end" -> -1L;
                case "start", "index", "ttlInMillis" -> 0L;
                case "offset" -> 1L;
                case "timeout" -> 1L; // with unit SECONDS
                case "seconds" -> 1_000L;
                case "millis", "milliseconds" -> 1_000_000L;
                case "unixTime" -> FUTURE_SECONDS;
                case "unixTimeInMillis" -> FUTURE_SECONDS * 1000;
                default -> throw unknown(parameter);
            };
        }
        if (type == int[].class) {
            return new int[] {1, 2};
        }
        if (type == String.class) {
            return switch (name) {
                case "consumerName" -> "consumer";
                case "group", "groupName" -> "group";
                case "newOwner" -> "consumer2";
                case "min" -> "1";
                case "max" -> "3";
                case "param", "pattern" -> "maxmemory-policy";
                case "value" -> "noeviction";
                case "scriptSha" -> SCRIPT_SHA;
                case "section" -> "keyspace";
                default -> throw unknown(parameter);
            };
        }
        if (type == String[].class) {
            return name.equals("scriptShas") ? new String[] {SCRIPT_SHA, sha1("return 0")} : new String[] {"1-0"};
        }
        if (type == Duration.class) {
            return name.equals("idle") || name.equals("minIdleTime") ? Duration.ZERO : Duration.ofSeconds(1_000);
        }
        if (type == Instant.class) {
            return Instant.ofEpochSecond(FUTURE_SECONDS);
        }
        if (type == Map.class) {
            Map<Object, Object> map = new LinkedHashMap<>();
            switch (name) {
                case "memberCoordinateMap" -> map.put(bytes("c"), new Point(13.5, 38));
                case "tuple" -> {
                    map.put(bytes("string"), bytes("11"));
                    map.put(bytes("fresh"), bytes("12"));
                }
                default -> map.put(bytes("c"), bytes("3")); // content, hashes
            }
            return map;
        }
        if (type == Iterable.class) {
            return List.of(new GeoLocation<>(bytes("c"), new Point(13.5, 38)));
        }
        if (type == Set.class) {
            return Set.of(Tuple.of(bytes("d"), 4.0));
        }
        if (type == TimeUnit.class) {
            return TimeUnit.SECONDS;
        }
        if (type == Range.class) {
            String generic = parameter.getParameterizedType().getTypeName();
            if (generic.contains("byte[]")) {
                return Range.closed(bytes("a"), bytes("c"));
            }
            if (generic.contains("Long")) {
                return Range.closed(0L, 1L);
            }
            if (generic.contains("Number")) {
                return Range.closed(1.0, 3.0);
            }
            return Range.unbounded(); // stream ids
        }
        if (type == Circle.class) {
            return new Circle(new Point(15, 37), new Distance(200, Metrics.KILOMETERS));
        }
        if (type == Distance.class) {
            return new Distance(200, Metrics.KILOMETERS);
        }
        if (type == Metric.class) {
            return Metrics.KILOMETERS;
        }
        if (type == Point.class) {
            return new Point(15, 37);
        }
        if (type == BitFieldSubCommands.class) {
            return BitFieldSubCommands.create().get(BitFieldType.unsigned(4)).valueAt(0);
        }
        if (type == ExpirationOptions.class) {
            return ExpirationOptions.none();
        }
        if (type == ExpirationOptions.Condition.class) {
            return ExpirationOptions.Condition.ALWAYS;
        }
        if (type == Limit.class) {
            return Limit.limit().count(2);
        }
        if (type == GeoLocation.class) {
            return new GeoLocation<>(bytes("c"), new Point(13.5, 38));
        }
        if (type == GeoRadiusCommandArgs.class) {
            return GeoRadiusCommandArgs.newGeoRadiusArgs().includeDistance().sortAscending();
        }
        if (type == GeoSearchCommandArgs.class) {
            return GeoSearchCommandArgs.newGeoSearchArgs().includeCoordinates().sortAscending();
        }
        if (type == GeoSearchStoreCommandArgs.class) {
            return GeoSearchStoreCommandArgs.newGeoSearchStoreArgs().sortAscending();
        }
        if (type.getSimpleName().equals("HashFieldSetOption")) { // by name: Spring Data Redis 3.5 has no such type
            return enumConstant(type, "UPSERT");
        }
        if (type == Direction.class) {
            return name.equals("from") ? Direction.LEFT : Direction.RIGHT;
        }
        if (type == Position.class) {
            return Position.BEFORE;
        }
        if (type == FlushOption.class) {
            return FlushOption.SYNC;
        }
        if (type == XAddOptions.class) {
            return XAddOptions.none();
        }
        if (type == XClaimOptions.class) {
            return XClaimOptions.minIdle(Duration.ZERO).ids("1-0");
        }
        if (type == XPendingOptions.class) {
            return XPendingOptions.unbounded();
        }
        if (type == BitOperation.class) {
            return BitOperation.AND;
        }
        if (type == SetOption.class) {
            return SetOption.upsert();
        }
        if (type == ZAddArgs.class) {
            return ZAddArgs.empty();
        }
        if (type == ReturnType.class) {
            return ReturnType.VALUE;
        }
        if (type == org.springframework.data.redis.connection.SortParameters.class) {
            return new DefaultSortParameters().alpha();
        }
        if (type == Consumer.class) {
            return Consumer.from("group", "consumer");
        }
        if (type == org.springframework.data.redis.connection.stream.MapRecord.class) {
            return StreamRecords.rawBytes(Map.of(bytes("f"), bytes("v3"))).withStreamKey(bytes(key)).withId(RecordId.of("3-0"));
        }
        if (type == ReadOffset.class) {
            return ReadOffset.from("0-0");
        }
        if (type == RecordId[].class) {
            return new RecordId[] {RecordId.of("1-0")};
        }
        if (type == StreamOffset[].class) {
            return new StreamOffset<?>[] {StreamOffset.create(bytes(key), ReadOffset.from("0-0"))};
        }
        if (type == StreamReadOptions.class) {
            return StreamReadOptions.empty().count(10);
        }
        if (type == Aggregate.class) {
            return Aggregate.SUM;
        }
        if (type == Weights.class) {
            return Weights.of(1, 2);
        }
        if (type == org.springframework.data.redis.core.KeyScanOptions.class) {
            return org.springframework.data.redis.core.KeyScanOptions.NONE;
        }
        if (type == org.springframework.data.redis.core.ScanOptions.class) {
            return org.springframework.data.redis.core.ScanOptions.NONE;
        }
        if (type == org.springframework.data.redis.connection.MessageListener.class) {
            return (org.springframework.data.redis.connection.MessageListener) (message, pattern) -> { };
        }
        if (type == Expiration.class) {
            return Expiration.seconds(1_000);
        }
        if (type == GeoReference.class) {
            return GeoReference.fromMember(bytes("a"));
        }
        if (type == GeoShape.class) {
            return GeoShape.byRadius(new Distance(500, Metrics.KILOMETERS));
        }
        throw unknown(parameter);
    }

    private String byteArrayWord(String name) {
        return switch (name) {
            case "key", "srcKey", "sourceKey", "oldKey" -> key;
            case "destKey", "destination", "destinationKey", "dstKey", "storeKey", "targetKey", "newKey" -> "dest";
            case "member2" -> "b";
            case "name" -> "name";
            case "pattern" -> "*";
            case "channel" -> "channel";
            case "message" -> "message";
            case "script" -> SCRIPT;
            case "scriptSha" -> SCRIPT_SHA;
            default -> "a"; // element, value, member, member1, pivot, field
        };
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Object enumConstant(Class<?> type, String name) {
        return Enum.valueOf((Class) type, name);
    }

    private IllegalStateException unknown(Parameter parameter) {
        return new IllegalStateException("no sample for parameter '" + parameter.getName() + "' of type "
                + parameter.getParameterizedType() + " in " + group.getSimpleName() + ": add one to ParitySamples");
    }

    private static String sha1(String script) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(bytes(script)));
        } catch (java.security.NoSuchAlgorithmException impossible) {
            throw new IllegalStateException(impossible);
        }
    }

    /** The command interfaces whose methods the parity test walks. */
    static final List<Class<?>> GROUPS = List.of(RedisKeyCommands.class, RedisStringCommands.class, RedisListCommands.class,
            RedisSetCommands.class, RedisZSetCommands.class, RedisHashCommands.class, RedisGeoCommands.class,
            RedisHyperLogLogCommands.class, RedisStreamCommands.class, RedisScriptingCommands.class, RedisServerCommands.class);
}
