package io.fastpath.internal.command;

import io.fastpath.command.KeyValue;
import io.fastpath.command.KeyedValues;
import io.fastpath.RedisCodec;
import io.fastpath.command.Reply;
import io.fastpath.command.ScanPage;
import io.fastpath.command.ScoredValue;
import java.nio.charset.StandardCharsets;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

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

    private static final ReplyConverter<String> UTF8_VALUE = newValueConverter(RedisCodec.UTF8);
    private static final ReplyConverter<byte[]> BYTES_VALUE = newValueConverter(RedisCodec.BYTES);

    /**
     * A bulk string decoded as a value, or null. One instance per built-in codec, so the client-side cache
     * can keep a hit's converted String for the next hit (it matches converters by identity).
     */
    @SuppressWarnings("unchecked")
    public static <V> ReplyConverter<V> value(RedisCodec<?, V> codec) {
        if (codec == RedisCodec.UTF8) {
            return (ReplyConverter<V>) UTF8_VALUE;
        }
        if (codec == RedisCodec.BYTES) {
            return (ReplyConverter<V>) BYTES_VALUE;
        }
        return newValueConverter(codec);
    }

    private static <V> ReplyConverter<V> newValueConverter(RedisCodec<?, V> codec) {
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

    /** An array of integers, e.g. LPOS with COUNT; a null reply (RESP2 null array) becomes an empty list. */
    public static final ReplyConverter<List<Long>> LONG_LIST = reply -> {
        if (reply instanceof Reply.NullReply) {
            return Collections.emptyList();
        }
        List<Reply> elements = elements(reply);
        List<Long> result = new ArrayList<>(elements.size());
        for (Reply element : elements) {
            result.add(LONG.convert(element));
        }
        return result;
    };

    /** An array of integers and nulls, e.g. BITFIELD with OVERFLOW FAIL; nulls kept in place. */
    public static final ReplyConverter<List<Long>> LONG_OR_NULL_LIST = reply -> {
        List<Reply> elements = elements(reply);
        List<Long> result = new ArrayList<>(elements.size());
        for (Reply element : elements) {
            result.add(LONG_OR_NULL.convert(element));
        }
        return result;
    };

    /**
     * An array or set of distinct values as a {@link Set} (SMEMBERS, SINTER...). Values in wire order,
     * except byte[] values: arrays have identity equality, so they go into a set ordered and compared by
     * content (unsigned lexicographic), where {@code contains} works as expected.
     */
    public static <V> ReplyConverter<Set<V>> valueSet(RedisCodec<?, V> codec) {
        ReplyConverter<List<V>> list = valueList(codec);
        return reply -> {
            List<V> values = list.convert(reply);
            if (!values.isEmpty() && values.get(0) instanceof byte[]) {
                @SuppressWarnings("unchecked")
                Set<V> byContent = (Set<V>) new TreeSet<byte[]>(Arrays::compareUnsigned);
                byContent.addAll(values);
                return byContent;
            }
            return new LinkedHashSet<>(values);
        };
    }

    /**
     * Members with scores: RESP3's array of [member, double] pairs, or RESP2's (and ZSCAN's) flat array
     * alternating members and bulk-string scores. RESP3's ZPOPMIN without COUNT sends one flat pair, which
     * is accepted too. A null reply becomes an empty list.
     */
    public static <V> ReplyConverter<List<ScoredValue<V>>> scoredValues(RedisCodec<?, V> codec) {
        ReplyConverter<V> member = value(codec);
        return reply -> {
            if (reply instanceof Reply.NullReply) {
                return Collections.emptyList();
            }
            List<ScoredValue<V>> result = new ArrayList<>();
            forEachPair(reply, (first, second) -> result.add(new ScoredValue<>(member.convert(first), DOUBLE.convert(second))));
            return result;
        };
    }

    /** Field/value entries: RESP3's array of [field, value] pairs or RESP2's flat array (HRANDFIELD WITHVALUES). */
    public static <K, V> ReplyConverter<List<Map.Entry<K, V>>> entryList(RedisCodec<K, V> codec) {
        ReplyConverter<K> field = key(codec);
        ReplyConverter<V> value = value(codec);
        return reply -> {
            if (reply instanceof Reply.NullReply) {
                return Collections.emptyList();
            }
            List<Map.Entry<K, V>> result = new ArrayList<>();
            forEachPair(reply, (first, second) ->
                    result.add(new AbstractMap.SimpleImmutableEntry<>(field.convert(first), value.convert(second))));
            return result;
        };
    }

    /**
     * A SCAN-family reply: [cursor, elements], the same in RESP2 and RESP3. {@code page} turns the
     * elements array (or set) into the page's elements.
     */
    public static <T> ReplyConverter<ScanPage<T>> scanPage(ReplyConverter<List<T>> page) {
        return reply -> {
            List<Reply> parts = elements(reply);
            if (parts.size() != 2) {
                throw new UnexpectedReplyException("a [cursor, elements] pair", reply);
            }
            return new ScanPage<>(STATUS.convert(parts.get(0)), page.convert(parts.get(1)));
        };
    }

    /** LMPOP (and similar): [key, [elements]], or null when every list was empty. */
    public static <K, V> ReplyConverter<KeyedValues<K, V>> keyedValues(RedisCodec<K, V> codec) {
        ReplyConverter<K> key = key(codec);
        ReplyConverter<List<V>> values = valueList(codec);
        return reply -> {
            if (reply instanceof Reply.NullReply) {
                return null;
            }
            List<Reply> parts = elements(reply);
            if (parts.size() != 2) {
                throw new UnexpectedReplyException("a [key, elements] pair", reply);
            }
            return new KeyedValues<>(key.convert(parts.get(0)), values.convert(parts.get(1)));
        };
    }

    /** A [key, value] pair (BLPOP, BRPOP), or null when the server answered nil (the block timed out). */
    public static <K, V> ReplyConverter<KeyValue<K, V>> keyValue(RedisCodec<K, V> codec) {
        ReplyConverter<K> key = key(codec);
        ReplyConverter<V> value = value(codec);
        return reply -> {
            if (reply instanceof Reply.NullReply) {
                return null;
            }
            List<Reply> parts = elements(reply);
            if (parts.size() != 2) {
                throw new UnexpectedReplyException("a [key, value] pair", reply);
            }
            return new KeyValue<>(key.convert(parts.get(0)), value.convert(parts.get(1)));
        };
    }

    /** A [key, member, score] triple (BZPOPMIN, BZPOPMAX), or null when the block timed out. */
    public static <K, V> ReplyConverter<KeyValue<K, ScoredValue<V>>> keyScoredValue(RedisCodec<K, V> codec) {
        ReplyConverter<K> key = key(codec);
        ReplyConverter<V> member = value(codec);
        return reply -> {
            if (reply instanceof Reply.NullReply) {
                return null;
            }
            List<Reply> parts = elements(reply);
            if (parts.size() != 3) {
                throw new UnexpectedReplyException("a [key, member, score] triple", reply);
            }
            return new KeyValue<>(key.convert(parts.get(0)),
                    new ScoredValue<>(member.convert(parts.get(1)), DOUBLE.convert(parts.get(2))));
        };
    }

    /** The first element of a list converter's result, or null when the list is empty. */
    public static <T> ReplyConverter<T> firstOrNull(ReplyConverter<List<T>> list) {
        return reply -> {
            List<T> all = list.convert(reply);
            return all.isEmpty() ? null : all.get(0);
        };
    }

    /** Applies {@code mapping} to another converter's result. */
    public static <T, R> ReplyConverter<R> andThen(ReplyConverter<T> converter, Function<T, R> mapping) {
        return reply -> mapping.apply(converter.convert(reply));
    }

    private interface PairConsumer {
        void accept(Reply first, Reply second);
    }

    /** Walks [[a, b], [c, d]] (RESP3 pairs) or [a, b, c, d] (flat) pair by pair. */
    private static void forEachPair(Reply reply, PairConsumer consumer) {
        List<Reply> elements = elements(reply);
        if (!elements.isEmpty() && elements.get(0) instanceof Reply.ArrayReply) {
            for (Reply element : elements) {
                List<Reply> pair = elements(element);
                if (pair.size() != 2) {
                    throw new UnexpectedReplyException("a pair", element);
                }
                consumer.accept(pair.get(0), pair.get(1));
            }
            return;
        }
        if (elements.size() % 2 != 0) {
            throw new UnexpectedReplyException("an even number of elements", reply);
        }
        for (int i = 0; i < elements.size(); i += 2) {
            consumer.accept(elements.get(i), elements.get(i + 1));
        }
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
