package io.fastpath.command;

import io.fastpath.RedisAsyncCommands;
import io.fastpath.RedisCommands;
import io.fastpath.RedisOutcomeUnknownException;
import io.fastpath.internal.command.CommandSpec;

/**
 * A fully built command whose reply decodes to {@code T}, ready to be dispatched any number of times.
 *
 * <p>Built by {@link io.fastpath.RedisClient#commands()} (or the binary view's), dispatched with
 * {@link RedisAsyncCommands#dispatch(Command)} or {@link RedisCommands#execute(Command)}. Arguments
 * are validated and encoded when the command is built, so a wrong argument fails before anything is sent.
 *
 * <p>Sealed: the client sends only the commands its builders make (it needs their encoded arguments and reply
 * converter), so a command cannot be implemented outside Fastpath; build unusual commands with
 * {@code commands().command("WORD", args...)} instead.
 */
public sealed interface Command<T> permits CommandSpec {

    /** The command name in upper case, e.g. {@code GET}. */
    String name();

    /** Whether the server treats this command as read-only (it may be retried and served by replicas). */
    boolean readOnly();

    /**
     * This command marked as safe to apply twice (SET of a fixed value, DEL, EXPIRE...): when its
     * connection is lost after it was written, it is sent again within its deadline like a read-only
     * command, instead of failing with {@link RedisOutcomeUnknownException}. Never mark INCR, LPUSH or
     * anything whose second run changes the result.
     */
    Command<T> idempotent();

    /** True for a command returned by {@link #idempotent()}. */
    boolean markedIdempotent();
}
