package io.fastpath.internal.connection;

import io.fastpath.RedisNotSentException;
import io.fastpath.command.Reply;
import io.fastpath.internal.command.CommandSpec;
import io.fastpath.internal.command.Converters;
import io.fastpath.internal.protocol.RespEncoder;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import java.nio.charset.StandardCharsets;

/**
 * Encode and write, for one channel: each command a drain takes is encoded, with the group it travels in (ASKING
 * after an ASK redirect, a cache fill's preamble, a MULTI block, a WAIT postamble), into one reused array, and the
 * command and its internal entries are appended to the reply FIFO in the same order; {@link #flush} hands the bytes
 * to the channel as one buffer. Encoding into a plain array and copying once per write replaced many small
 * {@code ByteBuf.writeBytes} calls per command (scenario b). A command larger than one write goes through the array
 * too, in pieces of at most {@link #MAX_BYTES_PER_WRITE}; only an argument larger than that is encoded straight into a
 * buffer of its own, after what was gathered before it.
 *
 * <p>Thread ownership: the channel's event loop only.
 */
final class CommandWriter {
    /** A drain hands its bytes to the channel at least this often, so a long queue does not become one huge buffer. */
    static final int MAX_BYTES_PER_WRITE = 64 * 1024;
    private static final CommandSpec<Reply> ASKING = new CommandSpec<>("ASKING",
            new byte[][] {"ASKING".getBytes(StandardCharsets.US_ASCII)}, Converters.REPLY, null, false);

    private final Connection connection;
    private final Channel channel;
    private final ReplyFifo fifo;
    private final CommandQueue queue;
    private final DeadlineTimer deadlines;
    /** The channel's number (see ConnectCycle#channelGeneration): a WATCHed block may only go where WATCH went. */
    private final int channelGeneration;
    private final ChannelFutureListener closeOnWriteFailure;
    /** The bytes gathered since the last write; grows to hold the largest command that fits {@link #MAX_BYTES_PER_WRITE}. */
    private byte[] bytes = new byte[1024];
    private int length;
    /** Observing only: the clock read once per drain, the write time of every command it writes. */
    private long writeClockNanos;

    CommandWriter(Connection connection, Channel channel, ReplyFifo fifo, CommandQueue queue, DeadlineTimer deadlines,
                  int channelGeneration, ChannelFutureListener closeOnWriteFailure) {
        this.connection = connection;
        this.channel = channel;
        this.fifo = fifo;
        this.queue = queue;
        this.deadlines = deadlines;
        this.channelGeneration = channelGeneration;
        this.closeOnWriteFailure = closeOnWriteFailure;
    }

    /** Observing only: one clock read stamps every command written until the next call (CommandListenerAllocationIT). */
    void startObservedDrain() {
        writeClockNanos = System.nanoTime();
    }

    /** Encodes {@code command} (with its group) after what this drain gathered and appends it to the FIFO. */
    void add(CommandFuture<?> command) {
        int before = length;
        long carried = written;
        encodeGroup(command);
        if (command.observer != null && command.written) { // the listener's "written" moment (not for a refused block)
            command.observeWritten(connection, (int) (written - carried) + length - before, writeClockNanos);
        }
        if (length >= MAX_BYTES_PER_WRITE) {
            flush();
        }
    }

    /** Bytes handed to the channel by this writer, so a command split over a write still counts all its bytes. */
    private long written;

    /** Hands the gathered bytes to the channel (not flushed: {@link #flushToSocket} does that once per drain). */
    void flush() {
        if (length == 0) {
            return;
        }
        ByteBuf buffer = channel.alloc().ioBuffer(length);
        buffer.writeBytes(bytes, 0, length);
        written += length;
        length = 0;
        channel.write(buffer).addListener(closeOnWriteFailure);
    }

    /** Ends a drain: writes what is gathered and flushes the socket. */
    void flushToSocket() {
        flush();
        channel.flush();
    }

    /** A handshake or liveness command, written and flushed at once, ahead of anything queued. */
    void writeInternal(CommandFuture<?> command) {
        command.internal = true;
        queue.accepted();
        encode(command.spec.args());
        append(command);
        flushToSocket();
    }

    private void encodeGroup(CommandFuture<?> command) {
        WireGroup group = command.wire;
        if (group == null) { // a plain command: its own words only
            encode(command.spec.args());
            append(command);
            return;
        }
        TransactionGroup transaction = group.transaction;
        if (transaction != null) {
            encodeTransaction(command, transaction);
            return;
        }
        byte[][][] preamble = group.preamble;
        if (preamble != null) { // e.g. a cache fill's CLIENT CACHING YES, which applies to the next command only
            for (byte[][] words : preamble) {
                CommandFuture<Reply> step = new CommandFuture<>(
                        new CommandSpec<>("PREAMBLE", words, Converters.REPLY, null, false), true, command.deadlineNanos);
                writeInternalEntry(step);
            }
        }
        if (group.asking) {
            group.asking = false;
            // ASKING right in front of the command in the same write: nothing can come between the two.
            writeInternalEntry(new CommandFuture<>(ASKING, true, command.deadlineNanos));
        }
        encode(command.spec.args());
        append(command);
        CommandSpec<Reply> postamble = group.postamble;
        if (postamble != null) { // e.g. WAIT after a write, a cache fill's PTTL: it must follow on this very connection
            CommandFuture<Reply> after = new CommandFuture<>(postamble, true, command.deadlineNanos);
            if (group.postambleHook != null) { // a cache fill's PTTL: its reply is stored in wire order
                after.replyHook(group.postambleHook);
            }
            after.whenComplete(group.postambleReply);
            writeInternalEntry(after);
        }
    }

    /**
     * MULTI, the block's commands and EXEC (the command itself) in one write, so no other caller's command can come
     * between them; internal entries consume the MULTI and QUEUED replies. A block tied to a WATCH is failed unsent
     * when this is no longer the channel WATCH went on: the server forgot the WATCH with the old channel, and EXEC
     * would then commit unconditionally.
     */
    private void encodeTransaction(CommandFuture<?> exec, TransactionGroup transaction) {
        if (transaction.watchChannel() != TransactionGroup.ANY_CHANNEL && transaction.watchChannel() != channelGeneration) {
            queue.answered();
            exec.completeExceptionally(new RedisNotSentException(connection.endpoint().toString(),
                    "the connection was re-established after WATCH, so the transaction was not sent",
                    connection.cycle.lastFailure));
            return;
        }
        writeInternalEntry(new CommandFuture<>(TransactionGroup.MULTI, true, exec.deadlineNanos));
        for (int i = 0; i < transaction.commands().size(); i++) {
            CommandFuture<?> queued = new CommandFuture<>(transaction.queuedEntry(i), true, exec.deadlineNanos);
            int index = i;
            queued.whenComplete((reply, failure) -> transaction.recordQueueError(index, failure));
            writeInternalEntry(queued);
        }
        encode(exec.spec.args());
        append(exec);
    }

    /** MULTI, QUEUED, ASKING and preamble entries: never replayed apart from their group. */
    private void writeInternalEntry(CommandFuture<?> entry) {
        entry.internal = true;
        queue.accepted();
        encode(entry.spec.args());
        append(entry);
    }

    private void append(CommandFuture<?> command) {
        command.writtenOnChannel = channelGeneration;
        command.written = true;
        fifo.append(command);
        deadlines.arm(command.deadlineNanos);
    }

    private void encode(byte[][] args) {
        long needed = RespEncoder.maxEncodedLength(args);
        if (needed > MAX_BYTES_PER_WRITE) {
            encodeInPieces(args);
            return;
        }
        reserve((int) needed);
        length = RespEncoder.writeCommand(bytes, length, args);
    }

    /**
     * A command larger than one write, argument by argument into the array as any command (handed to the channel
     * whenever {@link #MAX_BYTES_PER_WRITE} is reached); an argument larger than that alone goes, after what was
     * gathered, straight into a buffer of its own. Scenario k (multiSet of 1,000 pairs, 120 kB per MSET): encoding
     * such a command piece by piece into a ByteBuf was 8.6% of the process's CPU (async-profiler), see benchmarks/RESULTS.md.
     */
    private void encodeInPieces(byte[][] args) {
        reserve(RespEncoder.MAX_HEADER);
        length = RespEncoder.writeArrayHeader(bytes, length, args.length);
        for (byte[] arg : args) {
            long needed = RespEncoder.MAX_HEADER + (long) arg.length + 2;
            if (needed > MAX_BYTES_PER_WRITE) {
                flush();
                ByteBuf buffer = channel.alloc().ioBuffer(RespEncoder.encodedArgumentLength(arg));
                RespEncoder.writeArgument(buffer, arg);
                written += buffer.readableBytes();
                channel.write(buffer).addListener(closeOnWriteFailure);
                continue;
            }
            reserve((int) needed);
            length = RespEncoder.writeArgument(bytes, length, arg);
        }
    }

    /** Room for {@code needed} (at most {@link #MAX_BYTES_PER_WRITE}) more bytes: what is gathered goes first if it must. */
    private void reserve(int needed) {
        if (length + needed > bytes.length) {
            if (length + needed > MAX_BYTES_PER_WRITE) {
                flush();
            }
            if (length + needed > bytes.length) {
                byte[] larger = new byte[(int) Math.min(MAX_BYTES_PER_WRITE * 2L, Math.max(bytes.length * 2L, length + needed))];
                System.arraycopy(bytes, 0, larger, 0, length);
                bytes = larger;
            }
        }
    }
}
