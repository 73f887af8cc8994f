package io.fastpath.internal.command;

import io.fastpath.command.Command;
import io.fastpath.command.Reply;
import java.nio.charset.StandardCharsets;

/**
 * The internal form of a {@link Command}: encoded arguments (args[0] is the name), the converter for
 * its reply and the routing facts computed once at build time.
 *
 * @param routingKey the first key's bytes, or null for a keyless command (routed by caller thread)
 * @param markedIdempotent the caller said running it twice does no harm: retried after a lost connection
 * @param argumentBits bits needed to write its longest argument's length (0 for none), known as the arguments were
 *     added: the client's {@code maxArgumentBytes} check at send compares it, and measures the arguments only when
 *     it is as high as the limit's; a byte, so the record is no larger than without it
 */
public record CommandSpec<T>(
        String name, byte[][] args, ReplyConverter<T> converter, byte[] routingKey, boolean readOnly,
        boolean markedIdempotent, byte argumentBits)
        implements Command<T> {

    /** For commands built without an {@link ArgumentList} (internal, generic): measures the arguments once. */
    public CommandSpec(String name, byte[][] args, ReplyConverter<T> converter, byte[] routingKey, boolean readOnly) {
        this(name, args, converter, routingKey, readOnly, false, bits(largestOf(name, args)));
    }

    /** Bits needed to write {@code length}: a length can exceed a limit only if it needs at least as many bits. */
    public static byte bits(long length) {
        return (byte) (64 - Long.numberOfLeadingZeros(length));
    }

    /** Bytes of the longest argument, measured now (for a command whose {@link #argumentBits} reach a limit's). */
    public int largestArgument() {
        int largest = 0;
        for (byte[] arg : args) {
            largest = Math.max(largest, arg.length);
        }
        return largest;
    }

    /** The longest argument's bytes; refuses, as {@link ArgumentList#build} does, a command no buffer can hold. */
    private static int largestOf(String name, byte[][] args) {
        int largest = 0;
        long total = 16L * (args.length + 1); // bounds the RESP headers and CRLFs
        for (byte[] arg : args) {
            largest = Math.max(largest, arg.length);
            total += arg.length;
        }
        if (total > Integer.MAX_VALUE) {
            throw new io.fastpath.RedisArgumentException(name + ": its arguments total more than one command can carry "
                    + "(2 GB encoded); send the values in several commands");
        }
        return largest;
    }

    /** A command the client sends for itself (topology, Sentinel queries, ROLE): UTF-8 words, the raw reply, no key. */
    public static CommandSpec<Reply> words(String... words) {
        byte[][] args = new byte[words.length][];
        for (int i = 0; i < words.length; i++) {
            args[i] = words[i].getBytes(StandardCharsets.UTF_8);
        }
        return new CommandSpec<>(words[0], args, Converters.REPLY, null, false);
    }

    @Override
    public Command<T> idempotent() {
        return markedIdempotent ? this : new CommandSpec<>(name, args, converter, routingKey, readOnly, true, argumentBits);
    }

    @Override
    public String toString() {
        // Arguments are left out on purpose: they may hold values or secrets.
        return name + " (" + (args.length - 1) + " arguments)";
    }
}
