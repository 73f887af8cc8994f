package io.fastpath.internal.command;

import io.fastpath.Command;

/**
 * The internal form of a {@link Command}: encoded arguments (args[0] is the name), the converter for
 * its reply and the routing facts computed once at build time.
 *
 * @param routingKey the first key's bytes, or null for a keyless command (routed by caller thread)
 * @param markedIdempotent the caller said running it twice does no harm: retried after a lost connection
 */
public record CommandSpec<T>(
        String name, byte[][] args, ReplyConverter<T> converter, byte[] routingKey, boolean readOnly,
        boolean markedIdempotent)
        implements Command<T> {

    public CommandSpec(String name, byte[][] args, ReplyConverter<T> converter, byte[] routingKey, boolean readOnly) {
        this(name, args, converter, routingKey, readOnly, false);
    }

    @Override
    public Command<T> idempotent() {
        return markedIdempotent ? this : new CommandSpec<>(name, args, converter, routingKey, readOnly, true);
    }

    @Override
    public String toString() {
        // Arguments are left out on purpose: they may hold values or secrets.
        return name + " (" + (args.length - 1) + " arguments)";
    }
}
