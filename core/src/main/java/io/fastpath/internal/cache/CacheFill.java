package io.fastpath.internal.cache;

import io.fastpath.RedisServerException;
import io.fastpath.Reply;
import io.fastpath.internal.command.CommandSpec;
import io.fastpath.internal.command.Converters;
import io.fastpath.internal.command.UnexpectedReplyException;
import io.fastpath.internal.connection.CommandFuture;
import io.fastpath.internal.connection.Connection;
import io.fastpath.internal.connection.ReplyHook;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * One read sent to fill the cache, shared by every caller that missed on it meanwhile (R5).
 *
 * <p>On the wire, one contiguous group (R2): {@code CLIENT CACHING YES} (OPTIN mode only), {@code MULTI},
 * the read, {@code PTTL key}, {@code EXEC}. The read and its TTL come from one atomic step, and the
 * entry is stored by {@link #onReply} on the connection's event loop when the EXEC reply is matched,
 * before the next frame is decoded (R1): an invalidation decoded earlier came from a write the read
 * already saw, one decoded later removes the stored entry.
 */
final class CacheFill implements ReplyHook {
    private static final byte[][] CACHING_YES = words("CLIENT", "CACHING", "YES");
    private static final byte[][] MULTI = words("MULTI");
    private static final byte[][] EXEC = words("EXEC");
    private static final byte[] PTTL = "PTTL".getBytes(StandardCharsets.US_ASCII);

    private final ClientSideCache cache;
    final CacheKey key;
    final byte[][] readArgs;
    /** The key's own-write stamp when the fill was started; a different one at store time means a write of ours overtook it. */
    final long stamp;
    private final String name;
    /** The timeout its deadline came from (the client's or a withTimeout view's): only readers with the same one join. */
    final long timeoutNanos;
    private final long deadlineNanos;
    /** The read's reply (or its server error as an ErrorReply); completes on an I/O thread. */
    final CompletableFuture<Reply> result = new CompletableFuture<>();

    CacheFill(ClientSideCache cache, CacheKey key, byte[][] readArgs, String name, long stamp, long timeoutNanos,
              long deadlineNanos) {
        this.cache = cache;
        this.key = key;
        this.readArgs = readArgs;
        this.name = name;
        this.stamp = stamp;
        this.timeoutNanos = timeoutNanos;
        this.deadlineNanos = deadlineNanos;
    }

    /** Any thread: sends the group; a refused EXEC (a slot moved mid-MULTI: EXECABORT) falls back to the plain read. */
    void send(FillRoute route, boolean optIn) {
        byte[][] pttl = {PTTL, key.bytes};
        byte[][][] preamble = optIn ? new byte[][][] {CACHING_YES, MULTI, readArgs, pttl} : new byte[][][] {MULTI, readArgs, pttl};
        // Not read-only, so a cluster never routes it to a replica; completes on the I/O thread that read it.
        CommandSpec<Reply> exec = new CommandSpec<>(name, EXEC, CacheFill::readReplyOf, key.bytes, false);
        CommandFuture<Reply> future = new CommandFuture<>(exec, true, deadlineNanos).preamble(preamble).replyHook(this);
        future.whenComplete((reply, failure) -> {
            if (failure == null) {
                result.complete(reply);
            } else if (failure instanceof RedisServerException) {
                CommandSpec<Reply> plain = new CommandSpec<>(name, readArgs, Converters.REPLY, key.bytes, true);
                try {
                    route.sendUncached(plain, deadlineNanos).whenComplete((plainReply, plainFailure) -> {
                        if (plainFailure == null) {
                            result.complete(plainReply);
                        } else {
                            result.completeExceptionally(plainFailure);
                        }
                    });
                } catch (RuntimeException notSent) {
                    result.completeExceptionally(notSent); // every reader waiting on this fill must be released
                }
            } else {
                result.completeExceptionally(failure);
            }
        });
        route.send(future);
    }

    /** Event loop, in wire order: stores the read's reply unless it is an error (R8: errors are never cached). */
    @Override
    public void onReply(Connection connection, Reply reply) {
        if (reply instanceof Reply.ArrayReply exec && exec.elements().size() == 2
                && !(exec.elements().get(0) instanceof Reply.ErrorReply)
                && exec.elements().get(1) instanceof Reply.IntegerReply pttl) {
            cache.store(connection, this, exec.elements().get(0), pttl.value());
        }
    }

    /** EXEC's reply is [read reply, PTTL]; the caller gets the first (an error element is handed on as it is). */
    private static Reply readReplyOf(Reply exec) {
        if (exec instanceof Reply.ArrayReply array && array.elements().size() == 2) {
            return array.elements().get(0);
        }
        throw new UnexpectedReplyException("EXEC's two replies", exec);
    }

    private static byte[][] words(String... words) {
        List<String> list = List.of(words);
        byte[][] bytes = new byte[list.size()][];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = list.get(i).getBytes(StandardCharsets.US_ASCII);
        }
        return bytes;
    }
}
