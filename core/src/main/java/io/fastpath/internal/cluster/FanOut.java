package io.fastpath.internal.cluster;

import io.fastpath.RedisNotSentException;
import io.fastpath.command.Reply;
import io.fastpath.internal.command.CommandInfo;
import io.fastpath.internal.command.CommandSpec;
import io.fastpath.internal.command.Converters;
import io.fastpath.internal.command.RequestPolicy;
import io.fastpath.internal.command.ResponsePolicy;
import io.fastpath.internal.connection.CallerCommands;
import io.fastpath.internal.connection.CommandFuture;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Sends a keyless command to every primary ({@code request_policy:all_shards}: DBSIZE, FLUSHALL, KEYS,
 * PING...) or every node ({@code all_nodes}: SCRIPT LOAD, SCRIPT FLUSH...) and merges the replies by
 * its {@code response_policy} ({@link ReplyMerger}). Any failure fails the command (except under
 * one_succeeded) and asks for a topology refresh.
 */
final class FanOut {
    private FanOut() {}

    static <T> CompletableFuture<T> send(ClusterRouter router, CommandSpec<T> spec, CommandInfo info, boolean callerWaits, long deadline,
                                          CallerCommands caller) {
        SlotTable table = router.nodes.table();
        List<ClusterNode> targets = info.requestPolicy() == RequestPolicy.ALL_NODES ? table.allNodes() : table.primaries();
        CompletableFuture<T> result = new CompletableFuture<>();
        if (targets.isEmpty()) {
            result.completeExceptionally(new RedisNotSentException("cluster", "the slot table has no node", null));
            return result;
        }
        CommandSpec<Reply> raw = new CommandSpec<>(spec.name(), spec.args(), Converters.REPLY, null, spec.readOnly(),
                spec.markedIdempotent(), spec.argumentBits());
        List<CommandFuture<Reply>> parts = new ArrayList<>(targets.size());
        for (ClusterNode target : targets) {
            CommandFuture<Reply> part = router.part(raw, deadline, caller);
            parts.add(part);
            target.connections.sendSlot(part, -1, false);
        }
        CompletableFuture.allOf(parts.toArray(new CompletableFuture<?>[0])).whenComplete((ignored, anyFailure) -> {
            List<Reply> replies = new ArrayList<>(parts.size());
            Throwable failure = null;
            for (CommandFuture<Reply> part : parts) {
                Throwable partFailure = ClusterRouter.failureOf(part);
                if (partFailure != null) {
                    failure = failure != null ? failure : partFailure;
                } else {
                    replies.add(part.getNow(null));
                }
            }
            if (failure != null) {
                router.refresher.requestSoon();
            }
            if (failure != null && !(info.responsePolicy() == ResponsePolicy.ONE_SUCCEEDED && !replies.isEmpty())) {
                router.complete(result, spec, null, failure, callerWaits);
                return;
            }
            Reply merged;
            try {
                merged = ReplyMerger.merge(info.responsePolicy(), replies);
            } catch (RuntimeException wrongShape) {
                router.complete(result, spec, null, wrongShape, callerWaits);
                return;
            }
            router.complete(result, spec, merged, null, callerWaits);
        });
        return result;
    }
}
