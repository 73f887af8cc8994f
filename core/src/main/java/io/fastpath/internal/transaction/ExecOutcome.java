package io.fastpath.internal.transaction;

import io.fastpath.RedisServerException;
import io.fastpath.command.Reply;
import io.fastpath.internal.command.CommandSpec;
import io.fastpath.internal.command.Converters;
import io.fastpath.internal.command.ReplyConverter;
import io.fastpath.internal.command.UnexpectedReplyException;
import java.util.List;

/**
 * What EXEC answered: each command's typed result (or the error the server gave it while executing), or
 * nothing when a watched key changed and the server aborted the block.
 *
 * @param results one per queued command: its converted reply, or a {@link CommandError}; null when aborted
 */
public record ExecOutcome(Object[] results) {
    static final ExecOutcome ABORTED = new ExecOutcome(null);

    /** A command the server accepted into the block but failed while executing it (WRONGTYPE...). */
    public record CommandError(RedisServerException error) {}

    /**
     * A command that ran in the block but whose reply could not be converted (a user codec or converter
     * threw): the other commands' results stand, since the block was executed.
     */
    public record ConversionError(String commandName, RuntimeException cause) {}

    public boolean committed() {
        return results != null;
    }

    /** EXEC's reply converted element by element with each queued command's own converter, on the I/O thread. */
    static ReplyConverter<ExecOutcome> converter(List<CommandSpec<?>> commands) {
        return reply -> {
            if (reply instanceof Reply.NullReply) {
                return ABORTED; // a watched key changed: nothing ran
            }
            List<Reply> elements = Converters.elements(reply);
            if (elements.size() != commands.size()) {
                throw new UnexpectedReplyException("an EXEC reply of " + commands.size() + " elements", reply);
            }
            Object[] results = new Object[elements.size()];
            for (int i = 0; i < results.length; i++) {
                Reply element = elements.get(i);
                results[i] = element instanceof Reply.ErrorReply error
                        ? new CommandError(new RedisServerException(error.message()))
                        : convert(commands.get(i), element);
            }
            return new ExecOutcome(results);
        };
    }

    /** One element: a wrong shape still fails the whole EXEC (it closes the connection); any other throw stays with its command. */
    private static Object convert(CommandSpec<?> command, Reply element) {
        try {
            return command.converter().convert(element);
        } catch (UnexpectedReplyException wrongShape) {
            throw wrongShape;
        } catch (RuntimeException failed) {
            return new ConversionError(command.name(), failed);
        }
    }
}
