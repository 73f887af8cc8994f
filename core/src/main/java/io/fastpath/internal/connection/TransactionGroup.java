package io.fastpath.internal.connection;

import io.fastpath.RedisServerException;
import io.fastpath.command.Reply;
import io.fastpath.internal.command.CommandSpec;
import io.fastpath.internal.command.Converters;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The commands of one MULTI/EXEC block, attached to the EXEC command's future. The connection writes
 * MULTI, these commands and EXEC into one buffer in one drain (see {@code CommandWriter#encodeTransaction}),
 * so nothing of another caller can come between them on a shared connection.
 *
 * <p>Thread ownership: built by the caller before the send (which publishes it); {@link #queueErrors}
 * is written by the event loop while the QUEUED replies are read, and read by the caller only after the
 * EXEC future completed (the completion orders the writes before the read).
 */
public final class TransactionGroup {
    /** {@link #watchChannel} of a transaction that may go on any channel (no WATCH to keep). */
    public static final int ANY_CHANNEL = -1;

    static final CommandSpec<Reply> MULTI = new CommandSpec<>("MULTI",
            new byte[][] {"MULTI".getBytes(StandardCharsets.US_ASCII)}, Converters.REPLY, null, false);

    private final List<CommandSpec<?>> commands;
    /** Each command as its QUEUED entry sees it: the same bytes, a reply taken as it comes. */
    private final CommandSpec<?>[] queuedEntries;
    private final int watchChannel;
    /** The server's refusal of each command while queueing (syntax, arity, MOVED...), or null. */
    private final RedisServerException[] queueErrors;
    /** The most bits any queued command's longest argument needs (see {@link CommandSpec#argumentBits}). */
    private final byte argumentBits;

    /**
     * @param watchChannel {@link #ANY_CHANNEL}, or the channel number its WATCH was written on: the block is
     *     refused unsent on any other channel, since a reconnect drops the server's WATCH
     */
    public TransactionGroup(List<CommandSpec<?>> commands, int watchChannel) {
        this.commands = List.copyOf(commands);
        this.watchChannel = watchChannel;
        this.queuedEntries = new CommandSpec<?>[this.commands.size()];
        this.queueErrors = new RedisServerException[this.commands.size()];
        byte bits = 0;
        for (int i = 0; i < queuedEntries.length; i++) {
            CommandSpec<?> command = this.commands.get(i);
            bits = (byte) Math.max(bits, command.argumentBits());
            queuedEntries[i] = new CommandSpec<>(command.name(), command.args(), Converters.REPLY, null, false, false,
                    command.argumentBits());
        }
        this.argumentBits = bits;
    }

    public byte argumentBits() {
        return argumentBits;
    }

    /** Bytes of the longest argument of any command in the block, measured now. */
    public int largestArgument() {
        int largest = 0;
        for (CommandSpec<?> command : commands) {
            largest = Math.max(largest, command.largestArgument());
        }
        return largest;
    }

    public List<CommandSpec<?>> commands() {
        return commands;
    }

    int watchChannel() {
        return watchChannel;
    }

    CommandSpec<?> queuedEntry(int index) {
        return queuedEntries[index];
    }

    /** Event loop: the server refused command {@code index} while queueing it. */
    void recordQueueError(int index, Throwable failure) {
        if (failure instanceof RedisServerException refused) {
            queueErrors[index] = refused;
        }
    }

    /** After EXEC completed: the server's refusal of the first command it refused while queueing, or null. */
    public RedisServerException firstQueueRefusal() {
        for (RedisServerException refused : queueErrors) {
            if (refused != null) {
                return refused;
            }
        }
        return null;
    }

    /** After EXEC completed: the first command the server refused while queueing, with its position, or null. */
    public String firstQueueError() {
        for (int i = 0; i < queueErrors.length; i++) {
            if (queueErrors[i] != null) {
                return "command " + (i + 1) + " (" + commands.get(i).name() + "): " + queueErrors[i].getMessage();
            }
        }
        return null;
    }
}
