package io.fastpath.command;

import io.fastpath.RedisArgumentException;
import io.fastpath.RedisCodec;
import io.fastpath.internal.command.ArgumentList;
import io.fastpath.internal.command.CommandArguments;
import io.fastpath.internal.command.Converters;
import io.fastpath.internal.command.StreamConverters;
import java.util.List;
import java.util.Map;

/**
 * Builds the stream commands that need no consumer group; see {@link StreamGroupCommandBuilder} for the
 * others. Fields use the key codec, values the value codec; entry IDs are strings such as
 * {@code 1700000000000-0}. Blocking reads (BLOCK) are in {@link BlockingCommandBuilder}: they run on dedicated connections.
 */
public interface StreamCommandBuilder<K, V> {

    RedisCodec<K, V> codec();

    /** XADD with a server-generated ID; the new entry's ID. */
    default Command<String> xadd(K key, Map<K, V> fields) {
        return xadd(key, XAddArgs.none(), fields);
    }

    /** XADD; the new entry's ID, or null when NOMKSTREAM was given and the stream does not exist. */
    default Command<String> xadd(K key, XAddArgs options, Map<K, V> fields) {
        if (fields == null || fields.isEmpty()) {
            throw new RedisArgumentException("XADD: needs at least one field");
        }
        ArgumentList arguments = new ArgumentList("XADD", fields.size() * 2 + 10).addKey(codec().encodeKey(key));
        CommandArguments.requireNotNull("XADD", "the options", options).appendTo(arguments);
        for (Map.Entry<K, V> field : fields.entrySet()) {
            arguments.add(codec().encodeKey(field.getKey())).add(codec().encodeValue(field.getValue()));
        }
        return arguments.write(StreamConverters.ID_OR_NULL);
    }

    /** XRANGE from {@code start} to {@code end}, inclusive ({@code -} and {@code +} for the extremes, {@code (} for exclusive). */
    default Command<List<StreamEntry<K, V>>> xrange(K key, String start, String end) {
        return range("XRANGE", key, start, end, 0);
    }

    /** XRANGE ... COUNT: at most {@code count} entries, the lowest IDs first. */
    default Command<List<StreamEntry<K, V>>> xrange(K key, String start, String end, long count) {
        return range("XRANGE", key, start, end, CommandArguments.requirePositive("XRANGE", "COUNT", count));
    }

    /** XREVRANGE from {@code end} down to {@code start}: the highest IDs first. */
    default Command<List<StreamEntry<K, V>>> xrevrange(K key, String end, String start) {
        return range("XREVRANGE", key, end, start, 0);
    }

    default Command<List<StreamEntry<K, V>>> xrevrange(K key, String end, String start, long count) {
        return range("XREVRANGE", key, end, start, CommandArguments.requirePositive("XREVRANGE", "COUNT", count));
    }

    /** XLEN; 0 when the stream does not exist. */
    default Command<Long> xlen(K key) {
        return new ArgumentList("XLEN", 2).addKey(codec().encodeKey(key)).read(Converters.LONG);
    }

    /** XTRIM; the number of entries evicted. */
    default Command<Long> xtrim(K key, StreamTrim trimming) {
        ArgumentList arguments = new ArgumentList("XTRIM", 7).addKey(codec().encodeKey(key));
        CommandArguments.requireNotNull("XTRIM", "the trimming", trimming).appendTo(arguments);
        return arguments.write(Converters.LONG);
    }

    /** XDEL; the number of entries that existed and were deleted. */
    default Command<Long> xdel(K key, List<String> ids) {
        CommandArguments.requireNotEmpty("XDEL", ids, "ID");
        ArgumentList arguments = new ArgumentList("XDEL", ids.size() + 2).addKey(codec().encodeKey(key));
        for (String id : ids) {
            arguments.add(id);
        }
        return arguments.write(Converters.LONG);
    }

    /** XREAD (never blocking): entries after each offset's ID, per stream; streams with nothing new are left out. */
    default Command<List<StreamEntries<K, V>>> xread(List<StreamOffset<K>> streams) {
        return xread(StreamReadArgs.none(), streams);
    }

    default Command<List<StreamEntries<K, V>>> xread(StreamReadArgs options, List<StreamOffset<K>> streams) {
        ArgumentList arguments = new ArgumentList("XREAD", streams == null ? 4 : streams.size() * 2 + 4);
        CommandArguments.requireNotNull("XREAD", "the options", options).appendTo(arguments, "XREAD");
        return StreamOffset.appendStreams(arguments, "XREAD", codec(), streams).read(StreamConverters.streamEntries(codec()));
    }

    private Command<List<StreamEntry<K, V>>> range(String command, K key, String from, String to, long count) {
        ArgumentList arguments = new ArgumentList(command, 6).addKey(codec().encodeKey(key))
                .add(CommandArguments.requireNotNull(command, "the range start", from))
                .add(CommandArguments.requireNotNull(command, "the range end", to));
        if (count > 0) {
            arguments.keyword("COUNT").add(count);
        }
        return arguments.read(StreamConverters.entries(codec()));
    }
}
