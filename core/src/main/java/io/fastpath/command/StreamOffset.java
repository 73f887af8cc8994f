package io.fastpath.command;

import io.fastpath.RedisArgumentException;
import io.fastpath.RedisCodec;
import io.fastpath.internal.command.ArgumentList;
import io.fastpath.internal.command.CommandArguments;
import java.util.List;

/**
 * A stream to read and the ID to read after, for XREAD and XREADGROUP. Use {@link #undelivered} with
 * XREADGROUP for entries never delivered to the group, and an ID such as {@code 0} for this consumer's
 * pending entries.
 */
public record StreamOffset<K>(K stream, String afterId) {

    public StreamOffset {
        if (afterId == null || afterId.isEmpty()) {
            throw new RedisArgumentException("a stream offset needs an ID");
        }
    }

    /** Entries after {@code afterId}. */
    public static <K> StreamOffset<K> after(K stream, String afterId) {
        return new StreamOffset<>(stream, afterId);
    }

    /** Every entry of the stream (after ID 0-0); with XREADGROUP, this consumer's pending entries. */
    public static <K> StreamOffset<K> fromStart(K stream) {
        return new StreamOffset<>(stream, "0-0");
    }

    /** XREADGROUP's {@code >}: entries never delivered to any consumer of the group. */
    public static <K> StreamOffset<K> undelivered(K stream) {
        return new StreamOffset<>(stream, ">");
    }

    /** Appends {@code STREAMS key... id...} for XREAD and XREADGROUP, the streams added as keys. */
    static <K> ArgumentList appendStreams(ArgumentList arguments, String command, RedisCodec<K, ?> codec,
            List<StreamOffset<K>> streams) {
        CommandArguments.requireNotEmpty(command, streams, "stream");
        arguments.keyword("STREAMS");
        for (StreamOffset<K> stream : streams) {
            arguments.addKey(codec.encodeKey(CommandArguments.requireNotNull(command, "a stream offset", stream).stream()));
        }
        for (StreamOffset<K> stream : streams) {
            arguments.add(stream.afterId());
        }
        return arguments;
    }
}
