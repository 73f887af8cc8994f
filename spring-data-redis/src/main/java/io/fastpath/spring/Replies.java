package io.fastpath.spring;

import io.fastpath.command.Reply;
import io.fastpath.command.Reply.ArrayReply;
import io.fastpath.command.Reply.BigNumberReply;
import io.fastpath.command.Reply.BooleanReply;
import io.fastpath.command.Reply.BulkStringReply;
import io.fastpath.command.Reply.DoubleReply;
import io.fastpath.command.Reply.ErrorReply;
import io.fastpath.command.Reply.IntegerReply;
import io.fastpath.command.Reply.MapReply;
import io.fastpath.command.Reply.NullReply;
import io.fastpath.command.Reply.SetReply;
import io.fastpath.command.Reply.SimpleStringReply;
import io.fastpath.command.Reply.VerbatimStringReply;
import io.fastpath.RedisServerException;
import java.nio.charset.StandardCharsets;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.function.Function;
import org.springframework.data.redis.connection.zset.DefaultTuple;
import org.springframework.data.redis.connection.zset.Tuple;

/**
 * Replies of {@code send}-style commands ({@link Reply}) in the types Spring's SPI returns. Each accepts the RESP2
 * and the RESP3 shape of its reply (Fastpath speaks RESP3: maps, doubles, booleans and nested pairs where RESP2
 * has flat arrays and strings), and a nil as null.
 */
final class Replies {

    private Replies() {}

    static boolean isNull(Reply reply) {
        return reply == null || reply instanceof NullReply;
    }

    static byte[] toBytes(Reply reply) {
        if (isNull(reply)) {
            return null;
        }
        if (reply instanceof BulkStringReply bulk) {
            return bulk.value();
        }
        if (reply instanceof SimpleStringReply simple) {
            return simple.value().getBytes(StandardCharsets.UTF_8);
        }
        if (reply instanceof VerbatimStringReply verbatim) {
            return verbatim.text().getBytes(StandardCharsets.UTF_8);
        }
        if (reply instanceof IntegerReply integer) {
            return Long.toString(integer.value()).getBytes(StandardCharsets.US_ASCII);
        }
        if (reply instanceof DoubleReply number) {
            return Double.toString(number.value()).getBytes(StandardCharsets.US_ASCII);
        }
        if (reply instanceof BigNumberReply big) {
            return big.value().toString().getBytes(StandardCharsets.US_ASCII);
        }
        if (reply instanceof BooleanReply bool) {
            return (bool.value() ? "1" : "0").getBytes(StandardCharsets.US_ASCII);
        }
        throw unexpected("a string", reply);
    }

    static String toText(Reply reply) {
        byte[] bytes = toBytes(reply);
        return bytes == null ? null : new String(bytes, StandardCharsets.UTF_8);
    }

    static Long toLong(Reply reply) {
        if (isNull(reply)) {
            return null;
        }
        if (reply instanceof IntegerReply integer) {
            return integer.value();
        }
        if (reply instanceof BooleanReply bool) {
            return bool.value() ? 1L : 0L;
        }
        if (reply instanceof DoubleReply number) {
            return (long) number.value();
        }
        return Long.parseLong(toText(reply));
    }

    static Double toDouble(Reply reply) {
        if (isNull(reply)) {
            return null;
        }
        if (reply instanceof DoubleReply number) {
            return number.value();
        }
        if (reply instanceof IntegerReply integer) {
            return (double) integer.value();
        }
        return parseDouble(toText(reply));
    }

    static double parseDouble(String text) {
        return switch (text) {
            case "inf", "+inf" -> Double.POSITIVE_INFINITY;
            case "-inf" -> Double.NEGATIVE_INFINITY;
            default -> Double.parseDouble(text);
        };
    }

    /** 1/0, true/false, OK: true; a nil (SET NX refused) false. */
    static Boolean toBoolean(Reply reply) {
        if (isNull(reply)) {
            return false;
        }
        if (reply instanceof IntegerReply integer) {
            return integer.value() != 0;
        }
        if (reply instanceof BooleanReply bool) {
            return bool.value();
        }
        if (reply instanceof SimpleStringReply simple) {
            return "OK".equals(simple.value());
        }
        return toLong(reply) != 0;
    }

    static List<Reply> elements(Reply reply) {
        if (isNull(reply)) {
            return null;
        }
        if (reply instanceof ArrayReply array) {
            return array.elements();
        }
        if (reply instanceof SetReply set) {
            return set.elements();
        }
        if (reply instanceof MapReply map) {
            List<Reply> flat = new ArrayList<>(map.entries().size() * 2);
            map.entries().forEach((key, value) -> {
                flat.add(key);
                flat.add(value);
            });
            return flat;
        }
        throw unexpected("an array", reply);
    }

    static <T> List<T> toList(Reply reply, Function<Reply, T> element) {
        List<Reply> elements = elements(reply);
        if (elements == null) {
            return null;
        }
        List<T> converted = new ArrayList<>(elements.size());
        for (Reply each : elements) {
            converted.add(element.apply(each));
        }
        return converted;
    }

    static List<byte[]> toBytesList(Reply reply) {
        return toList(reply, Replies::toBytes);
    }

    static Set<byte[]> toBytesSet(Reply reply) {
        List<byte[]> list = toBytesList(reply);
        return list == null ? null : new LinkedHashSet<>(list);
    }

    static List<Long> toLongList(Reply reply) {
        return toList(reply, Replies::toLong);
    }

    static List<Boolean> toBooleanList(Reply reply) {
        return toList(reply, Replies::toBoolean);
    }

    static List<Double> toDoubleList(Reply reply) {
        return toList(reply, Replies::toDouble);
    }

    /** A RESP3 map or a RESP2 flat array of alternating keys and values. */
    static Map<byte[], byte[]> toBytesMap(Reply reply) {
        List<Reply> flat = elements(reply);
        if (flat == null) {
            return null;
        }
        Map<byte[], byte[]> map = new LinkedHashMap<>(flat.size());
        for (int i = 0; i + 1 < flat.size(); i += 2) {
            map.put(toBytes(flat.get(i)), toBytes(flat.get(i + 1)));
        }
        return map;
    }

    /** Pairs either flat ({@code [k1, v1, k2, v2]}, RESP2) or nested ({@code [[k1, v1], [k2, v2]]}, RESP3). */
    static List<Reply[]> pairs(Reply reply) {
        List<Reply> elements = elements(reply);
        if (elements == null) {
            return null;
        }
        List<Reply[]> pairs = new ArrayList<>();
        if (!elements.isEmpty() && (elements.get(0) instanceof ArrayReply)) {
            for (Reply pair : elements) {
                List<Reply> two = elements(pair);
                pairs.add(new Reply[] {two.get(0), two.get(1)});
            }
        } else {
            for (int i = 0; i + 1 < elements.size(); i += 2) {
                pairs.add(new Reply[] {elements.get(i), elements.get(i + 1)});
            }
        }
        return pairs;
    }

    static List<Map.Entry<byte[], byte[]>> toEntries(Reply reply) {
        List<Reply[]> pairs = pairs(reply);
        if (pairs == null) {
            return null;
        }
        List<Map.Entry<byte[], byte[]>> entries = new ArrayList<>(pairs.size());
        for (Reply[] pair : pairs) {
            entries.add(new AbstractMap.SimpleImmutableEntry<>(toBytes(pair[0]), toBytes(pair[1])));
        }
        return entries;
    }

    static List<Tuple> toTupleList(Reply reply) {
        List<Reply[]> pairs = pairs(reply);
        if (pairs == null) {
            return null;
        }
        List<Tuple> tuples = new ArrayList<>(pairs.size());
        for (Reply[] pair : pairs) {
            tuples.add(new DefaultTuple(toBytes(pair[0]), toDouble(pair[1])));
        }
        return tuples;
    }

    static Set<Tuple> toTupleSet(Reply reply) {
        List<Tuple> list = toTupleList(reply);
        return list == null ? null : new LinkedHashSet<>(list);
    }

    /** ZPOPMIN key (no count): RESP3 answers one flat pair, an empty array when the set is empty. */
    static Tuple toTuple(Reply reply) {
        List<Tuple> tuples = toTupleList(reply);
        return tuples == null || tuples.isEmpty() ? null : tuples.get(0);
    }

    /** INFO and CONFIG GET as Spring's {@link Properties}. */
    static Properties toInfo(Reply reply) {
        Properties properties = new Properties();
        String text = toText(reply);
        if (text == null) {
            return properties;
        }
        for (String line : text.split("\r?\n")) {
            int colon = line.indexOf(':');
            if (!line.isEmpty() && !line.startsWith("#") && colon > 0) {
                properties.setProperty(line.substring(0, colon), line.substring(colon + 1));
            }
        }
        return properties;
    }

    static Properties toConfig(Reply reply) {
        Properties properties = new Properties();
        List<Reply> flat = elements(reply);
        for (int i = 0; flat != null && i + 1 < flat.size(); i += 2) {
            properties.setProperty(toText(flat.get(i)), toText(flat.get(i + 1)));
        }
        return properties;
    }

    /** Anything, for {@code execute}: strings as bytes, numbers as Long/Double, arrays as lists, errors thrown. */
    static Object toObject(Reply reply) {
        if (isNull(reply)) {
            return null;
        }
        if (reply instanceof IntegerReply integer) {
            return integer.value();
        }
        if (reply instanceof DoubleReply number) {
            return number.value();
        }
        if (reply instanceof BooleanReply bool) {
            return bool.value();
        }
        if (reply instanceof ErrorReply error) {
            throw new RedisServerException(error.message());
        }
        if (reply instanceof ArrayReply array) {
            return toList(array, Replies::toObject);
        }
        if (reply instanceof SetReply set) {
            return toList(set, Replies::toObject);
        }
        if (reply instanceof MapReply map) {
            return toList(map, Replies::toObject);
        }
        return toBytes(reply);
    }

    private static IllegalStateException unexpected(String expected, Reply reply) {
        return new IllegalStateException("expected " + expected + " reply, got " + reply.getClass().getSimpleName());
    }
}
