package io.fastpath.internal.command;

import io.fastpath.RedisCodec;
import io.fastpath.Reply;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reply converters shared by the typed commands. Each accepts exactly the shapes a server may send for
 * its command under RESP2 and RESP3, and throws {@link UnexpectedReplyException} for anything else.
 */
public final class Converters {
    private Converters() {}

    public static final ReplyConverter<Reply> REPLY = reply -> reply;

    /** {@code +OK}; also any other status line, for commands that only ever answer OK. */
    public static final ReplyConverter<Void> OK = reply -> {
        if (reply instanceof Reply.SimpleStringReply) {
            return null;
        }
        throw new UnexpectedReplyException("a status reply", reply);
    };

    /** {@code +OK} when done, null when a condition (NX, XX) prevented it. */
    public static final ReplyConverter<Boolean> OK_OR_NULL = reply -> {
        if (reply instanceof Reply.SimpleStringReply) {
            return Boolean.TRUE;
        }
        if (reply instanceof Reply.NullReply) {
            return Boolean.FALSE;
        }
        throw new UnexpectedReplyException("OK or null", reply);
    };

    public static final ReplyConverter<Long> LONG = reply -> {
        if (reply instanceof Reply.IntegerReply integer) {
            return integer.value();
        }
        throw new UnexpectedReplyException("an integer", reply);
    };

    /** An integer, or null (e.g. ZRANK of a missing member, LPOS without a match). */
    public static final ReplyConverter<Long> LONG_OR_NULL = reply -> {
        if (reply instanceof Reply.NullReply) {
            return null;
        }
        return LONG.convert(reply);
    };

    /** 1 or 0 as true or false; RESP3 booleans accepted too. */
    public static final ReplyConverter<Boolean> BOOLEAN = reply -> {
        if (reply instanceof Reply.IntegerReply integer) {
            return integer.value() != 0;
        }
        if (reply instanceof Reply.BooleanReply bool) {
            return bool.value();
        }
        throw new UnexpectedReplyException("an integer or boolean", reply);
    };

    public static final ReplyConverter<List<Boolean>> BOOLEAN_LIST = reply -> {
        List<Reply> elements = elements(reply);
        List<Boolean> result = new ArrayList<>(elements.size());
        for (Reply element : elements) {
            result.add(BOOLEAN.convert(element));
        }
        return result;
    };

    /** A status line such as TYPE's {@code string}, or PING's {@code PONG}. */
    public static final ReplyConverter<String> STATUS = reply -> {
        if (reply instanceof Reply.SimpleStringReply simple) {
            return simple.value();
        }
        if (reply instanceof Reply.BulkStringReply bulk) {
            return bulk.asUtf8();
        }
        throw new UnexpectedReplyException("a status reply", reply);
    };

    /** A RESP3 double, or RESP2's bulk string form of one; null for a null reply. */
    public static final ReplyConverter<Double> DOUBLE_OR_NULL = reply -> {
        if (reply instanceof Reply.DoubleReply number) {
            return number.value();
        }
        if (reply instanceof Reply.BulkStringReply bulk) {
            return parseDouble(bulk.value());
        }
        if (reply instanceof Reply.NullReply) {
            return null;
        }
        throw new UnexpectedReplyException("a double", reply);
    };

    public static final ReplyConverter<Double> DOUBLE = reply -> {
        Double value = DOUBLE_OR_NULL.convert(reply);
        if (value == null) {
            throw new UnexpectedReplyException("a double", reply);
        }
        return value;
    };

    public static final ReplyConverter<List<Double>> DOUBLE_OR_NULL_LIST = reply -> {
        List<Reply> elements = elements(reply);
        List<Double> result = new ArrayList<>(elements.size());
        for (Reply element : elements) {
            result.add(DOUBLE_OR_NULL.convert(element));
        }
        return result;
    };

    /** A bulk string decoded as a value, or null. */
    public static <V> ReplyConverter<V> value(RedisCodec<?, V> codec) {
        return reply -> {
            if (reply instanceof Reply.BulkStringReply bulk) {
                return codec.decodeValue(bulk.value());
            }
            if (reply instanceof Reply.NullReply) {
                return null;
            }
            throw new UnexpectedReplyException("a bulk string or null", reply);
        };
    }

    public static <K> ReplyConverter<K> key(RedisCodec<K, ?> codec) {
        return reply -> {
            if (reply instanceof Reply.BulkStringReply bulk) {
                return codec.decodeKey(bulk.value());
            }
            if (reply instanceof Reply.NullReply) {
                return null;
            }
            throw new UnexpectedReplyException("a bulk string or null", reply);
        };
    }

    /** An array or set of values (nulls kept in place), e.g. MGET, LRANGE, SMEMBERS; null array → empty. */
    public static <V> ReplyConverter<List<V>> valueList(RedisCodec<?, V> codec) {
        ReplyConverter<V> element = value(codec);
        return reply -> {
            if (reply instanceof Reply.NullReply) {
                return Collections.emptyList();
            }
            List<Reply> elements = elements(reply);
            List<V> result = new ArrayList<>(elements.size());
            for (Reply item : elements) {
                result.add(element.convert(item));
            }
            return result;
        };
    }

    public static <K> ReplyConverter<List<K>> keyList(RedisCodec<K, ?> codec) {
        ReplyConverter<K> element = key(codec);
        return reply -> {
            List<Reply> elements = elements(reply);
            List<K> result = new ArrayList<>(elements.size());
            for (Reply item : elements) {
                result.add(element.convert(item));
            }
            return result;
        };
    }

    /** A RESP3 map, or RESP2's flat array of alternating keys and values (HGETALL). */
    public static <K, V> ReplyConverter<Map<K, V>> map(RedisCodec<K, V> codec) {
        ReplyConverter<K> keyConverter = key(codec);
        ReplyConverter<V> valueConverter = value(codec);
        return reply -> {
            Map<K, V> result = new LinkedHashMap<>();
            if (reply instanceof Reply.MapReply map) {
                for (Map.Entry<Reply, Reply> entry : map.entries().entrySet()) {
                    result.put(keyConverter.convert(entry.getKey()), valueConverter.convert(entry.getValue()));
                }
                return result;
            }
            List<Reply> flat = elements(reply);
            if (flat.size() % 2 != 0) {
                throw new UnexpectedReplyException("an even number of elements", reply);
            }
            for (int i = 0; i < flat.size(); i += 2) {
                result.put(keyConverter.convert(flat.get(i)), valueConverter.convert(flat.get(i + 1)));
            }
            return result;
        };
    }

    /** The elements of an array or set reply. */
    public static List<Reply> elements(Reply reply) {
        if (reply instanceof Reply.ArrayReply array) {
            return array.elements();
        }
        if (reply instanceof Reply.SetReply set) {
            return set.elements();
        }
        throw new UnexpectedReplyException("an array", reply);
    }

    static double parseDouble(byte[] ascii) {
        String text = new String(ascii, StandardCharsets.US_ASCII);
        switch (text) {
            case "inf", "+inf" -> { return Double.POSITIVE_INFINITY; }
            case "-inf" -> { return Double.NEGATIVE_INFINITY; }
            case "nan" -> { return Double.NaN; }
            default -> { return Double.parseDouble(text); }
        }
    }
}
