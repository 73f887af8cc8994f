package io.fastpath.command;

import io.fastpath.RedisCodec;
import io.fastpath.internal.command.ArgumentList;
import io.fastpath.internal.command.Converters;

/** Builds connection and server commands an application calls (admin commands stay on {@code command(...)}). */
public interface ServerCommandBuilder<K, V> {

    RedisCodec<K, V> codec();

    default Command<String> ping() {
        return new ArgumentList("PING", 1).read(Converters.STATUS);
    }

    default Command<V> echo(V message) {
        return new ArgumentList("ECHO", 2).add(codec().encodeValue(message)).read(Converters.value(codec()));
    }

    /** The number of keys in the selected database. */
    default Command<Long> dbsize() {
        return new ArgumentList("DBSIZE", 1).read(Converters.LONG);
    }

    /** Deletes every key of the selected database. */
    default Command<Void> flushdb() {
        return new ArgumentList("FLUSHDB", 1).write(Converters.OK);
    }

    /** Deletes every key of every database. */
    default Command<Void> flushall() {
        return new ArgumentList("FLUSHALL", 1).write(Converters.OK);
    }

    /** INFO with an optional section (null for the default sections). */
    default Command<String> info(String section) {
        ArgumentList arguments = new ArgumentList("INFO", 2);
        if (section != null) {
            arguments.add(section);
        }
        return arguments.read(reply -> reply instanceof Reply.VerbatimStringReply verbatim
                ? verbatim.text() : Converters.STATUS.convert(reply));
    }
}
