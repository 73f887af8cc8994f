package io.fastpath.command;

import io.fastpath.RedisArgumentException;
import io.fastpath.RedisCodec;
import io.fastpath.internal.command.ArgumentList;
import io.fastpath.internal.command.CommandArguments;
import io.fastpath.internal.command.Converters;
import io.fastpath.internal.command.StreamConverters;
import java.util.List;

/**
 * Builds the consumer-group and XINFO stream commands. Group and consumer names are strings; entry IDs
 * too. Blocking reads (BLOCK) are in {@link BlockingCommandBuilder}: they run on dedicated connections.
 */
public interface StreamGroupCommandBuilder<K, V> {

    RedisCodec<K, V> codec();

    /** XGROUP CREATE; the group delivers entries after {@code id} ({@code $} for only new ones). Fails if the stream is missing. */
    default Command<Void> xgroupCreate(K key, String group, String id) {
        return xgroupCreate(key, group, id, false);
    }

    /** XGROUP CREATE, with MKSTREAM when {@code makeStream}: creates an empty stream when missing. */
    default Command<Void> xgroupCreate(K key, String group, String id, boolean makeStream) {
        ArgumentList arguments = groupCommand("XGROUP CREATE", key, group, 6).add(requireId("XGROUP CREATE", id));
        if (makeStream) {
            arguments.keyword("MKSTREAM");
        }
        return arguments.write(Converters.OK);
    }

    /** XGROUP DESTROY; false when there was no such group. */
    default Command<Boolean> xgroupDestroy(K key, String group) {
        return groupCommand("XGROUP DESTROY", key, group, 4).write(Converters.BOOLEAN);
    }

    /** XGROUP CREATECONSUMER; false when the consumer already existed. */
    default Command<Boolean> xgroupCreateConsumer(K key, String group, String consumer) {
        return groupCommand("XGROUP CREATECONSUMER", key, group, 5).add(requireName("XGROUP CREATECONSUMER", consumer))
                .write(Converters.BOOLEAN);
    }

    /** XGROUP DELCONSUMER; the number of entries that were pending for the deleted consumer. */
    default Command<Long> xgroupDeleteConsumer(K key, String group, String consumer) {
        return groupCommand("XGROUP DELCONSUMER", key, group, 5).add(requireName("XGROUP DELCONSUMER", consumer))
                .write(Converters.LONG);
    }

    /** XGROUP SETID: the group's last delivered ID ({@code $} for the stream's last entry). */
    default Command<Void> xgroupSetId(K key, String group, String id) {
        return groupCommand("XGROUP SETID", key, group, 5).add(requireId("XGROUP SETID", id)).write(Converters.OK);
    }

    /**
     * XREADGROUP (never blocking): with {@link StreamOffset#undelivered}, new entries, which become pending for
     * {@code consumer} until acknowledged; with an ID, the consumer's own pending entries after it.
     */
    default Command<List<StreamEntries<K, V>>> xreadGroup(String group, String consumer, List<StreamOffset<K>> streams) {
        return xreadGroup(group, consumer, StreamReadArgs.none(), streams);
    }

    default Command<List<StreamEntries<K, V>>> xreadGroup(String group, String consumer, StreamReadArgs options,
            List<StreamOffset<K>> streams) {
        ArgumentList arguments = new ArgumentList("XREADGROUP", streams == null ? 8 : streams.size() * 2 + 8)
                .keyword("GROUP").add(requireName("XREADGROUP", group)).add(requireName("XREADGROUP", consumer));
        CommandArguments.requireNotNull("XREADGROUP", "the options", options).appendTo(arguments, "XREADGROUP");
        return StreamOffset.appendStreams(arguments, "XREADGROUP", codec(), streams)
                .write(StreamConverters.streamEntries(codec()));
    }

    /** XACK; the number of entries that were pending and are now acknowledged. */
    default Command<Long> xack(K key, String group, List<String> ids) {
        return withIds("XACK", groupCommand("XACK", key, group, 3 + sizeOf(ids)), ids).write(Converters.LONG);
    }

    /** XPENDING's summary form. */
    default Command<PendingSummary> xpending(K key, String group) {
        return groupCommand("XPENDING", key, group, 3).read(StreamConverters.PENDING_SUMMARY);
    }

    /** XPENDING's extended form: the pending entries in the range, lowest IDs first. */
    default Command<List<PendingEntry>> xpending(K key, String group, PendingRange range) {
        ArgumentList arguments = groupCommand("XPENDING", key, group, 9);
        CommandArguments.requireNotNull("XPENDING", "the range", range).appendTo(arguments);
        return arguments.read(StreamConverters.PENDING_ENTRIES);
    }

    /**
     * XCLAIM: gives {@code consumer} the listed pending entries idle at least {@code minIdle} (whole milliseconds); the
     * entries it claimed (pending entries deleted from the stream are dropped from the pending list instead).
     */
    default Command<List<StreamEntry<K, V>>> xclaim(K key, String group, String consumer, java.time.Duration minIdle,
            List<String> ids) {
        return claim(key, group, consumer, minIdle, ids).write(StreamConverters.entries(codec()));
    }

    /** XCLAIM ... JUSTID: like {@link #xclaim}, answering only IDs and leaving the delivery counts alone. */
    default Command<List<String>> xclaimJustId(K key, String group, String consumer, java.time.Duration minIdle,
            List<String> ids) {
        return claim(key, group, consumer, minIdle, ids).keyword("JUSTID").write(StreamConverters.IDS);
    }

    /** XAUTOCLAIM: claims pending entries idle at least {@code minIdle} (whole milliseconds), scanning from {@code start} (100 at most). */
    default Command<AutoClaimed<K, V>> xautoclaim(K key, String group, String consumer, java.time.Duration minIdle, String start) {
        return autoClaim(key, group, consumer, minIdle, start).write(StreamConverters.autoClaimed(codec()));
    }

    /** XAUTOCLAIM ... COUNT: scans at most {@code count} pending entries. */
    default Command<AutoClaimed<K, V>> xautoclaim(K key, String group, String consumer, java.time.Duration minIdle,
            String start, long count) {
        return autoClaim(key, group, consumer, minIdle, start).keyword("COUNT")
                .add(CommandArguments.requirePositive("XAUTOCLAIM", "COUNT", count)).write(StreamConverters.autoClaimed(codec()));
    }

    /**
     * XINFO STREAM, as sent: a map (RESP3) or flat name/value array (RESP2) with {@code length},
     * {@code last-generated-id}, {@code groups}, {@code first-entry}, {@code last-entry} and more.
     */
    default Command<Reply> xinfoStream(K key) {
        return new ArgumentList("XINFO STREAM", 3).addKey(codec().encodeKey(key)).read(Converters.REPLY);
    }

    default Command<List<StreamGroupInfo>> xinfoGroups(K key) {
        return new ArgumentList("XINFO GROUPS", 3).addKey(codec().encodeKey(key)).read(StreamConverters.GROUP_INFOS);
    }

    default Command<List<StreamConsumerInfo>> xinfoConsumers(K key, String group) {
        return groupCommand("XINFO CONSUMERS", key, group, 4).read(StreamConverters.CONSUMER_INFOS);
    }

    private ArgumentList claim(K key, String group, String consumer, java.time.Duration minIdle, List<String> ids) {
        ArgumentList arguments = groupCommand("XCLAIM", key, group, 6 + sizeOf(ids)).add(requireName("XCLAIM", consumer))
                .add(CommandArguments.requireNotNegative("XCLAIM", "the minimum idle time",
                        CommandArguments.wholeMillis("XCLAIM", "the minimum idle time", minIdle)));
        return withIds("XCLAIM", arguments, ids);
    }

    private ArgumentList autoClaim(K key, String group, String consumer, java.time.Duration minIdle, String start) {
        return groupCommand("XAUTOCLAIM", key, group, 8).add(requireName("XAUTOCLAIM", consumer))
                .add(CommandArguments.requireNotNegative("XAUTOCLAIM", "the minimum idle time",
                        CommandArguments.wholeMillis("XAUTOCLAIM", "the minimum idle time", minIdle)))
                .add(requireId("XAUTOCLAIM", start));
    }

    private ArgumentList groupCommand(String command, K key, String group, int expectedSize) {
        return new ArgumentList(command, expectedSize).addKey(codec().encodeKey(key)).add(requireName(command, group));
    }

    private static ArgumentList withIds(String command, ArgumentList arguments, List<String> ids) {
        CommandArguments.requireNotEmpty(command, ids, "ID");
        for (String id : ids) {
            arguments.add(requireId(command, id));
        }
        return arguments;
    }

    private static int sizeOf(List<?> list) {
        return list == null ? 0 : list.size();
    }

    private static String requireName(String command, String name) {
        if (name == null || name.isEmpty()) {
            throw new RedisArgumentException(command + ": a group or consumer name must not be empty");
        }
        return name;
    }

    private static String requireId(String command, String id) {
        if (id == null || id.isEmpty()) {
            throw new RedisArgumentException(command + ": an ID must not be empty");
        }
        return id;
    }
}
