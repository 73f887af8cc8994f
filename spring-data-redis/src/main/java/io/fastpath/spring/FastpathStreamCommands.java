package io.fastpath.spring;

import static io.fastpath.spring.FastpathConnection.command;

import io.fastpath.command.Command;
import io.fastpath.command.Reply;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.springframework.data.domain.Range;
import org.springframework.data.redis.connection.Limit;
import org.springframework.data.redis.connection.RedisStreamCommands;
import org.springframework.data.redis.connection.stream.ByteRecord;
import org.springframework.data.redis.connection.stream.Consumer;
import org.springframework.data.redis.connection.stream.MapRecord;
import org.springframework.data.redis.connection.stream.PendingMessage;
import org.springframework.data.redis.connection.stream.PendingMessages;
import org.springframework.data.redis.connection.stream.PendingMessagesSummary;
import org.springframework.data.redis.connection.stream.ReadOffset;
import org.springframework.data.redis.connection.stream.RecordId;
import org.springframework.data.redis.connection.stream.StreamInfo;
import org.springframework.data.redis.connection.stream.StreamOffset;
import org.springframework.data.redis.connection.stream.StreamReadOptions;
import org.springframework.data.redis.connection.stream.StreamRecords;

/** Stream commands; XREAD/XREADGROUP with BLOCK run on Fastpath's blocking pool. */
final class FastpathStreamCommands implements RedisStreamCommands {
    /** XPendingOptions.minIdleTime is Spring Data Redis 4.0's; on 3.5 the option does not exist and is never asked for. */
    static final boolean XPENDING_IDLE = hasMethod(XPendingOptions.class, "hasMinIdleTime");
    private final FastpathConnection connection;

    FastpathStreamCommands(FastpathConnection connection) {
        this.connection = connection;
    }

    @Override
    public Long xAck(byte[] key, String group, RecordId... recordIds) {
        Arguments.noNullElements(recordIds, "RecordIds");
        return connection.invoke(new Words("XACK", key, group).add(ids(recordIds)).build(), Replies::toLong);
    }

    @Override
    public RecordId xAdd(MapRecord<byte[], byte[], byte[]> record, XAddOptions options) {
        Arguments.notNull(options, "Options");
        XAddOptions given = options == null ? XAddOptions.none() : options;
        return connection.invoke(xAdd(record.getStream(), record.getId(), record.getValue(), given.isNoMkStream(),
                given.hasMaxlen() ? given.getMaxlen() : null, given.hasMinId() ? given.getMinId() : null,
                given.isApproximateTrimming()), FastpathStreamCommands::recordId);
    }

    /** XADD key [NOMKSTREAM] [MAXLEN|MINID [~] n] id field value...; also the reactive XADD, whose options differ. */
    static Command<Reply> xAdd(byte[] key, RecordId id, Map<byte[], byte[]> fields, boolean noMkStream, Long maxlen,
                               RecordId minId, boolean approximate) {
        Words words = new Words("XADD", key).addIf(noMkStream, "NOMKSTREAM");
        if (maxlen != null) {
            words.add("MAXLEN").addIf(approximate, "~").add(maxlen);
        } else if (minId != null) {
            words.add("MINID").addIf(approximate, "~").add(minId.getValue());
        }
        words.add(id.getValue());
        for (Map.Entry<byte[], byte[]> field : fields.entrySet()) {
            words.add(field.getKey(), field.getValue());
        }
        return words.build();
    }

    static RecordId recordId(Reply reply) {
        return Replies.isNull(reply) ? null : RecordId.of(Replies.toText(reply));
    }

    @Override
    public List<RecordId> xClaimJustId(byte[] key, String group, String newOwner, XClaimOptions options) {
        Arguments.notNull(options, "Options");
        return connection.invoke(claim(key, group, newOwner, options).add("JUSTID").build(),
                reply -> Replies.toList(reply, each -> RecordId.of(Replies.toText(each))));
    }

    @Override
    public List<ByteRecord> xClaim(byte[] key, String group, String newOwner, XClaimOptions options) {
        Arguments.notNull(options, "Options");
        return connection.invoke(claim(key, group, newOwner, options).build(), records(key));
    }

    private static Words claim(byte[] key, String group, String newOwner, XClaimOptions options) {
        Words words = new Words("XCLAIM", key, group, newOwner, options.getMinIdleTime().toMillis())
                .add((Object[]) options.getIdsAsStringArray());
        if (options.getIdleTime() != null) {
            words.add("IDLE", options.getIdleTime().toMillis());
        }
        if (options.getUnixTime() != null) {
            words.add("TIME", options.getUnixTime().toEpochMilli());
        }
        if (options.getRetryCount() != null) {
            words.add("RETRYCOUNT", options.getRetryCount());
        }
        return words.addIf(options.isForce(), "FORCE");
    }

    @Override
    public Long xDel(byte[] key, RecordId... recordIds) {
        Arguments.noNullElements(recordIds, "RecordIds");
        return connection.invoke(new Words("XDEL", key).add(ids(recordIds)).build(), Replies::toLong);
    }

    @Override
    public String xGroupCreate(byte[] key, String groupName, ReadOffset readOffset) {
        return xGroupCreate(key, groupName, readOffset, false);
    }

    @Override
    public String xGroupCreate(byte[] key, String groupName, ReadOffset readOffset, boolean mkStream) {
        Arguments.notNull(readOffset, "ReadOffset");
        return connection.invoke(new Words("XGROUP", "CREATE", key, groupName, readOffset.getOffset())
                .addIf(mkStream, "MKSTREAM").build(), Replies::toText);
    }

    @Override
    public Boolean xGroupDelConsumer(byte[] key, Consumer consumer) {
        Arguments.notNull(consumer, "Consumer");
        return connection.invoke(command("XGROUP", "DELCONSUMER", key, consumer.getGroup(), consumer.getName()),
                reply -> Replies.toLong(reply) != null);
    }

    @Override
    public Boolean xGroupDestroy(byte[] key, String groupName) {
        return connection.invoke(command("XGROUP", "DESTROY", key, groupName), Replies::toBoolean);
    }

    @Override
    @SuppressWarnings("unchecked")
    public StreamInfo.XInfoStream xInfo(byte[] key) {
        return connection.invoke(command("XINFO", "STREAM", key),
                reply -> StreamInfo.XInfoStream.fromList((List<Object>) Replies.toObject(reply)));
    }

    @Override
    @SuppressWarnings("unchecked")
    public StreamInfo.XInfoGroups xInfoGroups(byte[] key) {
        return connection.invoke(command("XINFO", "GROUPS", key),
                reply -> StreamInfo.XInfoGroups.fromList((List<Object>) Replies.toObject(reply)));
    }

    @Override
    @SuppressWarnings("unchecked")
    public StreamInfo.XInfoConsumers xInfoConsumers(byte[] key, String groupName) {
        return connection.invoke(command("XINFO", "CONSUMERS", key, groupName),
                reply -> StreamInfo.XInfoConsumers.fromList(groupName, (List<Object>) Replies.toObject(reply)));
    }

    @Override
    public Long xLen(byte[] key) {
        return connection.invoke(command("XLEN", key), Replies::toLong);
    }

    @Override
    public PendingMessagesSummary xPending(byte[] key, String groupName) {
        return connection.invoke(command("XPENDING", key, groupName), reply -> {
            List<Reply> parts = Replies.elements(reply);
            Map<String, Long> perConsumer = new LinkedHashMap<>();
            List<Reply> consumers = Replies.elements(parts.get(3));
            if (consumers != null) {
                for (Reply[] pair : Replies.pairs(new Reply.ArrayReply(consumers))) {
                    perConsumer.put(Replies.toText(pair[0]), Long.parseLong(Replies.toText(pair[1])));
                }
            }
            String min = Replies.toText(parts.get(1));
            String max = Replies.toText(parts.get(2));
            Range<String> range = min == null ? Range.unbounded() : Range.closed(min, max);
            return new PendingMessagesSummary(groupName, Replies.toLong(parts.get(0)), range, perConsumer);
        });
    }

    @Override
    public PendingMessages xPending(byte[] key, String groupName, XPendingOptions options) {
        Arguments.notNull(options, "Options");
        Range<?> range = options.getRange();
        Words words = new Words("XPENDING", key, groupName);
        if (XPENDING_IDLE && options.hasMinIdleTime()) {
            words.add("IDLE", options.getMinIdleTime().toMillis());
        }
        words.add(bound(range.getLowerBound(), "-"), bound(range.getUpperBound(), "+"),
                options.getCount() == null ? 10 : options.getCount());
        if (options.hasConsumer()) {
            words.add(options.getConsumerName());
        }
        return connection.invoke(words.build(), reply -> {
            List<PendingMessage> messages = new ArrayList<>();
            for (Reply each : Replies.elements(reply)) {
                List<Reply> parts = Replies.elements(each);
                messages.add(new PendingMessage(RecordId.of(Replies.toText(parts.get(0))),
                        Consumer.from(groupName, Replies.toText(parts.get(1))), Duration.ofMillis(Replies.toLong(parts.get(2))),
                        Replies.toLong(parts.get(3))));
            }
            return new PendingMessages(groupName, range, messages);
        });
    }

    private static String bound(Range.Bound<?> bound, String unbounded) {
        if (!bound.isBounded()) {
            return unbounded;
        }
        String value = bound.getValue().get().toString();
        return bound.isInclusive() ? value : "(" + value;
    }

    @Override
    public List<ByteRecord> xRange(byte[] key, Range<String> range, Limit limit) {
        Arguments.notNull(limit, "Limit");
        Arguments.notNull(range, "Range");
        return connection.invoke(new Words("XRANGE", key, bound(range.getLowerBound(), "-"), bound(range.getUpperBound(), "+"))
                .add(count(limit)).build(), records(key));
    }

    @Override
    public List<ByteRecord> xRevRange(byte[] key, Range<String> range, Limit limit) {
        Arguments.notNull(limit, "Limit");
        Arguments.notNull(range, "Range");
        return connection.invoke(new Words("XREVRANGE", key, bound(range.getUpperBound(), "+"), bound(range.getLowerBound(), "-"))
                .add(count(limit)).build(), records(key));
    }

    private static Object[] count(Limit limit) {
        return limit != null && limit.isLimited() ? new Object[] {"COUNT", limit.getCount()} : new Object[0];
    }

    @Override
    @SafeVarargs
    public final List<ByteRecord> xRead(StreamReadOptions readOptions, StreamOffset<byte[]>... streams) {
        Arguments.noNullElements(streams, "Streams");
        Arguments.notNull(readOptions, "ReadOptions");
        Words words = new Words("XREAD").add(readWords(readOptions, false)).add("STREAMS");
        return connection.invoke(offsets(words, streams).build(), FastpathStreamCommands::streamRecords);
    }

    @Override
    @SafeVarargs
    public final List<ByteRecord> xReadGroup(Consumer consumer, StreamReadOptions readOptions, StreamOffset<byte[]>... streams) {
        Arguments.noNullElements(streams, "Streams");
        Arguments.notNull(consumer, "Consumer");
        Arguments.notNull(readOptions, "ReadOptions");
        Words words = new Words("XREADGROUP", "GROUP", consumer.getGroup(), consumer.getName())
                .add(readWords(readOptions, true)).add("STREAMS");
        return connection.invoke(offsets(words, streams).build(), FastpathStreamCommands::streamRecords);
    }

    private static Object[] readWords(StreamReadOptions options, boolean group) {
        Words words = new Words();
        if (options.getCount() != null && options.getCount() > 0) {
            words.add("COUNT", options.getCount());
        }
        if (options.getBlock() != null && options.getBlock() >= 0) {
            words.add("BLOCK", options.getBlock());
        }
        return words.addIf(group && options.isNoack(), "NOACK").toArray();
    }

    private static Words offsets(Words words, StreamOffset<byte[]>[] streams) {
        for (StreamOffset<byte[]> stream : streams) {
            words.add(stream.getKey());
        }
        for (StreamOffset<byte[]> stream : streams) {
            words.add(stream.getOffset().getOffset());
        }
        return words;
    }

    @Override
    public Long xTrim(byte[] key, long count) {
        return xTrim(key, count, false);
    }

    @Override
    public Long xTrim(byte[] key, long count, boolean approximateTrimming) {
        return connection.invoke(new Words("XTRIM", key, "MAXLEN").addIf(approximateTrimming, "~").add(count).build(),
                Replies::toLong);
    }

    static boolean hasMethod(Class<?> type, String name) {
        try {
            type.getMethod(name);
            return true;
        } catch (NoSuchMethodException absent) {
            return false;
        }
    }

    private static Object[] ids(RecordId[] recordIds) {
        Object[] ids = new Object[recordIds.length];
        for (int i = 0; i < recordIds.length; i++) {
            ids[i] = recordIds[i].getValue();
        }
        return ids;
    }

    /** XRANGE-shaped entries ({@code [[id, [field, value...]]...]}) of one stream. */
    private static Function<Reply, List<ByteRecord>> records(byte[] key) {
        return reply -> {
            List<ByteRecord> records = new ArrayList<>();
            List<Reply> entries = Replies.elements(reply);
            for (Reply entry : entries == null ? List.<Reply>of() : entries) {
                List<Reply> parts = Replies.elements(entry);
                if (parts == null || Replies.isNull(parts.get(1))) {
                    continue; // a deleted entry that XCLAIM still names
                }
                records.add(StreamRecords.newRecord().in(key).withId(Replies.toText(parts.get(0)))
                        .ofBytes(Replies.toBytesMap(parts.get(1))));
            }
            return records;
        };
    }

    /** XREAD's streams (a RESP3 map or RESP2 pairs), each with its entries, flattened in order; nil after a BLOCK: empty. */
    private static List<ByteRecord> streamRecords(Reply reply) {
        List<ByteRecord> records = new ArrayList<>();
        List<Reply[]> streams = Replies.pairs(reply);
        for (Reply[] stream : streams == null ? List.<Reply[]>of() : streams) {
            records.addAll(records(Replies.toBytes(stream[0])).apply(stream[1]));
        }
        return records;
    }
}
