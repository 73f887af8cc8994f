package io.fastpath.internal.command;

import io.fastpath.command.Reply;

/**
 * Turns a command's successful reply into its typed result. Error replies never reach a converter.
 * Throws {@link UnexpectedReplyException} for a reply shape the command cannot produce, which means
 * the connection's reply stream is no longer trustworthy.
 */
@FunctionalInterface
public interface ReplyConverter<T> {
    T convert(Reply reply);
}
