package io.fastpath.internal.command;

import io.fastpath.command.AutoClaimed;
import io.fastpath.command.PendingEntry;
import io.fastpath.command.PendingSummary;
import io.fastpath.RedisCodec;
import io.fastpath.command.Reply;
import io.fastpath.command.StreamConsumerInfo;
import io.fastpath.command.StreamEntries;
import io.fastpath.command.StreamEntry;
import io.fastpath.command.StreamGroupInfo;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reply converters of the stream commands, for their RESP2 and RESP3 shapes. */
public final class StreamConverters {
    private StreamConverters() {}

    /** An entry ID, or null (XADD with NOMKSTREAM when the stream does not exist). */
    public static final ReplyConverter<String> ID_OR_NULL = reply ->
            reply instanceof Reply.NullReply ? null : Converters.STATUS.convert(reply);

    /** A list of IDs (XCLAIM JUSTID). */
    public static final ReplyConverter<List<String>> IDS = reply -> {
        if (reply instanceof Reply.NullReply) {
            return Collections.emptyList();
        }
        List<Reply> elements = Converters.elements(reply);
        List<String> result = new ArrayList<>(elements.size());
        for (Reply element : elements) {
            result.add(Converters.STATUS.convert(element));
        }
        return result;
    };

    /** One entry: [id, [field, value, ...]], the same in RESP2 and RESP3; the fields are null for a deleted entry. */
    public static <K, V> ReplyConverter<StreamEntry<K, V>> entry(RedisCodec<K, V> codec) {
        ReplyConverter<Map<K, V>> fields = Converters.map(codec);
        return reply -> {
            List<Reply> parts = Converters.elements(reply);
            if (parts.size() != 2) {
                throw new UnexpectedReplyException("an [id, fields] pair", reply);
            }
            Reply fieldsReply = parts.get(1);
            return new StreamEntry<>(Converters.STATUS.convert(parts.get(0)),
                    fieldsReply instanceof Reply.NullReply ? null : fields.convert(fieldsReply));
        };
    }

    /** An array of entries (XRANGE, XCLAIM); a null reply becomes an empty list. */
    public static <K, V> ReplyConverter<List<StreamEntry<K, V>>> entries(RedisCodec<K, V> codec) {
        ReplyConverter<StreamEntry<K, V>> entry = entry(codec);
        return reply -> {
            if (reply instanceof Reply.NullReply) {
                return Collections.emptyList();
            }
            List<Reply> elements = Converters.elements(reply);
            List<StreamEntry<K, V>> result = new ArrayList<>(elements.size());
            for (Reply element : elements) {
                result.add(entry.convert(element));
            }
            return result;
        };
    }

    /**
     * XREAD and XREADGROUP: RESP3's map of stream to entries, or RESP2's array of [stream, entries] pairs;
     * null (nothing to read) becomes an empty list. Streams in the server's order.
     */
    public static <K, V> ReplyConverter<List<StreamEntries<K, V>>> streamEntries(RedisCodec<K, V> codec) {
        ReplyConverter<K> key = Converters.key(codec);
        ReplyConverter<List<StreamEntry<K, V>>> entries = entries(codec);
        return reply -> {
            List<StreamEntries<K, V>> result = new ArrayList<>();
            if (reply instanceof Reply.NullReply) {
                return result;
            }
            if (reply instanceof Reply.MapReply map) {
                for (Map.Entry<Reply, Reply> stream : map.entries().entrySet()) {
                    result.add(new StreamEntries<>(key.convert(stream.getKey()), entries.convert(stream.getValue())));
                }
                return result;
            }
            for (Reply stream : Converters.elements(reply)) {
                List<Reply> pair = Converters.elements(stream);
                if (pair.size() != 2) {
                    throw new UnexpectedReplyException("a [stream, entries] pair", stream);
                }
                result.add(new StreamEntries<>(key.convert(pair.get(0)), entries.convert(pair.get(1))));
            }
            return result;
        };
    }

    /** XPENDING's summary: [count, lowest ID, highest ID, [[consumer, count], ...]], nulls when nothing is pending. */
    public static final ReplyConverter<PendingSummary> PENDING_SUMMARY = reply -> {
        List<Reply> parts = Converters.elements(reply);
        if (parts.size() != 4) {
            throw new UnexpectedReplyException("a four-part pending summary", reply);
        }
        Map<String, Long> consumers = new LinkedHashMap<>();
        if (!(parts.get(3) instanceof Reply.NullReply)) {
            for (Reply consumer : Converters.elements(parts.get(3))) {
                List<Reply> pair = Converters.elements(consumer);
                if (pair.size() != 2) {
                    throw new UnexpectedReplyException("a [consumer, count] pair", consumer);
                }
                consumers.put(Converters.STATUS.convert(pair.get(0)), number(pair.get(1)));
            }
        }
        return new PendingSummary(Converters.LONG.convert(parts.get(0)), idOrNull(parts.get(1)), idOrNull(parts.get(2)),
                consumers);
    };

    /** XPENDING's extended form: [[id, consumer, idle milliseconds, delivery count], ...]. */
    public static final ReplyConverter<List<PendingEntry>> PENDING_ENTRIES = reply -> {
        List<Reply> elements = Converters.elements(reply);
        List<PendingEntry> result = new ArrayList<>(elements.size());
        for (Reply element : elements) {
            List<Reply> parts = Converters.elements(element);
            if (parts.size() != 4) {
                throw new UnexpectedReplyException("a four-part pending entry", element);
            }
            result.add(new PendingEntry(Converters.STATUS.convert(parts.get(0)), Converters.STATUS.convert(parts.get(1)),
                    Converters.LONG.convert(parts.get(2)), Converters.LONG.convert(parts.get(3))));
        }
        return result;
    };

    /** XAUTOCLAIM: [next start ID, entries, deleted IDs]; servers before 7.0 leave out the deleted IDs. */
    public static <K, V> ReplyConverter<AutoClaimed<K, V>> autoClaimed(RedisCodec<K, V> codec) {
        ReplyConverter<List<StreamEntry<K, V>>> entries = entries(codec);
        return reply -> {
            List<Reply> parts = Converters.elements(reply);
            if (parts.size() != 2 && parts.size() != 3) {
                throw new UnexpectedReplyException("a [next ID, entries, deleted IDs] triple", reply);
            }
            List<String> deleted = parts.size() == 3 ? IDS.convert(parts.get(2)) : List.of();
            return new AutoClaimed<>(Converters.STATUS.convert(parts.get(0)), entries.convert(parts.get(1)), deleted);
        };
    }

    /** XINFO GROUPS: one map (RESP3) or flat name/value array (RESP2) per group. */
    public static final ReplyConverter<List<StreamGroupInfo>> GROUP_INFOS = reply -> {
        List<StreamGroupInfo> result = new ArrayList<>();
        for (Reply element : Converters.elements(reply)) {
            Map<String, Reply> fields = fieldsByName(element);
            result.add(new StreamGroupInfo(Converters.STATUS.convert(required(fields, "name", element)),
                    number(required(fields, "consumers", element)), number(required(fields, "pending", element)),
                    Converters.STATUS.convert(required(fields, "last-delivered-id", element))));
        }
        return result;
    };

    /** XINFO CONSUMERS: one map (RESP3) or flat name/value array (RESP2) per consumer. */
    public static final ReplyConverter<List<StreamConsumerInfo>> CONSUMER_INFOS = reply -> {
        List<StreamConsumerInfo> result = new ArrayList<>();
        for (Reply element : Converters.elements(reply)) {
            Map<String, Reply> fields = fieldsByName(element);
            result.add(new StreamConsumerInfo(Converters.STATUS.convert(required(fields, "name", element)),
                    number(required(fields, "pending", element)), number(required(fields, "idle", element))));
        }
        return result;
    };

    /** A RESP3 map or a RESP2 flat array of alternating names and values, by name. */
    static Map<String, Reply> fieldsByName(Reply reply) {
        Map<String, Reply> result = new LinkedHashMap<>();
        if (reply instanceof Reply.MapReply map) {
            map.entries().forEach((name, value) -> result.put(Converters.STATUS.convert(name), value));
            return result;
        }
        List<Reply> flat = Converters.elements(reply);
        if (flat.size() % 2 != 0) {
            throw new UnexpectedReplyException("an even number of elements", reply);
        }
        for (int i = 0; i < flat.size(); i += 2) {
            result.put(Converters.STATUS.convert(flat.get(i)), flat.get(i + 1));
        }
        return result;
    }

    private static Reply required(Map<String, Reply> fields, String name, Reply whole) {
        Reply value = fields.get(name);
        if (value == null) {
            throw new UnexpectedReplyException("a field named " + name, whole);
        }
        return value;
    }

    private static String idOrNull(Reply reply) {
        return reply instanceof Reply.NullReply ? null : Converters.STATUS.convert(reply);
    }

    /** An integer, or the decimal bulk string some stream replies use for counts. */
    private static long number(Reply reply) {
        if (reply instanceof Reply.BulkStringReply bulk) {
            try {
                return Long.parseLong(new String(bulk.value(), StandardCharsets.US_ASCII));
            } catch (NumberFormatException e) {
                throw new UnexpectedReplyException("a decimal number", reply);
            }
        }
        return Converters.LONG.convert(reply);
    }
}
