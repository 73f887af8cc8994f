package io.fastpath.internal.sentinel;

import io.fastpath.RedisOutcomeUnknownException;
import io.fastpath.command.Reply;
import io.fastpath.internal.client.CallerCompletion;
import io.fastpath.internal.command.CommandSpec;
import io.fastpath.internal.connection.CommandFuture;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * {@code SentinelOptions.waitForReplicas}: a write is acknowledged to its caller only once {@code WAIT}
 * says enough replicas have it, closing the window asynchronous replication leaves open in a failover
 * (a write the old primary acknowledged but had not passed on is lost when a replica is promoted). WAIT
 * only covers the writes of its own connection, so it is written right behind the write on the same
 * connection ({@link CommandFuture#postamble}), again after every re-send. A write the replicas did not
 * confirm in time fails with {@link RedisOutcomeUnknownException}: it ran on the primary, but a failover
 * may lose it.
 *
 * <p>Thread ownership: the write's reply hook and WAIT's outcome run on the event loop that read them, in
 * wire order; the caller's future completes there for a blocking caller, on the completion executor otherwise.
 */
final class ReplicaAcknowledgement {
    private final int replicas;
    private final long timeoutMillis;
    private final CommandSpec<Reply> wait;
    /** Null: complete on the I/O thread. */
    private final Executor completionExecutor;

    ReplicaAcknowledgement(int replicas, long timeoutMillis, Executor completionExecutor) {
        this.replicas = replicas;
        this.timeoutMillis = timeoutMillis;
        this.completionExecutor = completionExecutor;
        this.wait = CommandSpec.words("WAIT", Integer.toString(replicas), Long.toString(timeoutMillis));
    }

    /** Call before {@code write} is sent; returns the future its caller gets. */
    <T> CompletableFuture<T> attach(CommandFuture<T> write) {
        CompletableFuture<T> acknowledged = new CompletableFuture<>();
        CompletableFuture<Void> confirmed = new CompletableFuture<>();
        Reply[] ownReply = new Reply[1]; // event loop only: this attempt's reply, read just before its WAIT's
        write.replyHook((connection, reply) -> ownReply[0] = reply);
        write.postamble(wait, (waitReply, failure) -> {
            Reply own = ownReply[0];
            ownReply[0] = null;
            if (own == null || own instanceof Reply.ErrorReply) {
                return; // refused and re-sent (its next WAIT decides), or failed on its own: nothing to confirm
            }
            long count = waitReply instanceof Reply.IntegerReply integer ? integer.value() : -1;
            if (failure == null && count >= replicas) {
                confirmed.complete(null);
            } else {
                confirmed.completeExceptionally(new RedisOutcomeUnknownException(write.spec().name(), failure != null
                        ? "it ran on the primary, but WAIT could not confirm it reached a replica (" + failure + ")"
                        : "it ran on the primary, but only " + count + " of the " + replicas + " replicas asked for"
                        + " confirmed it within " + timeoutMillis + " ms (waitForReplicas): a failover may lose it", failure));
            }
        });
        write.whenComplete((value, failure) -> {
            if (failure != null) {
                CallerCompletion.complete(acknowledged, null, failure, write.completesOnIoThread(), completionExecutor);
                return;
            }
            confirmed.whenComplete((ok, notConfirmed) -> CallerCompletion.complete(acknowledged, value, notConfirmed,
                    write.completesOnIoThread(), completionExecutor));
        });
        return acknowledged;
    }
}
