package io.fastpath.internal.cluster;

import io.fastpath.command.Reply;
import io.fastpath.internal.command.CommandSpec;
import io.fastpath.internal.command.Converters;
import io.fastpath.internal.command.ResponsePolicy;
import io.fastpath.internal.command.UnexpectedReplyException;
import io.fastpath.internal.connection.CallerCommands;
import io.fastpath.internal.connection.CommandFuture;
import io.fastpath.internal.routing.SlotHash;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Splits MGET, MSET, DEL, UNLINK, EXISTS and TOUCH whose keys span slots into one command per slot and
 * reassembles the answer in the caller's key order: MGET's values by key position, counts summed
 * (agg_sum), MSET's OK once all parts succeeded. A split command is not atomic: a split MSET may be
 * partly applied when one part fails, and other clients may see some keys set before the others.
 */
final class MultiKeySplitter {
    private MultiKeySplitter() {}

    static <T> CompletableFuture<T> send(ClusterRouter router, CommandSpec<T> spec, CommandPlan plan, boolean callerWaits, long deadline,
                                          CallerCommands caller) {
        byte[][] args = spec.args();
        int[] positions = plan.keyPositions;
        int width = Math.max(1, plan.info.keyStep()); // MSET: key and value travel together
        Map<Integer, List<Integer>> keysBySlot = new LinkedHashMap<>();
        for (int ordinal = 0; ordinal < positions.length; ordinal++) {
            keysBySlot.computeIfAbsent(SlotHash.slot(args[positions[ordinal]]), slot -> new ArrayList<>()).add(ordinal);
        }
        List<List<Integer>> ordinalsByPart = new ArrayList<>();
        List<CommandFuture<Reply>> parts = new ArrayList<>();
        for (Map.Entry<Integer, List<Integer>> group : keysBySlot.entrySet()) {
            List<Integer> ordinals = group.getValue();
            byte[][] partArgs = new byte[1 + ordinals.size() * width][];
            partArgs[0] = args[0];
            int next = 1;
            for (int ordinal : ordinals) {
                for (int offset = 0; offset < width; offset++) {
                    partArgs[next++] = args[positions[ordinal] + offset];
                }
            }
            CommandSpec<Reply> partSpec = new CommandSpec<>(spec.name(), partArgs, Converters.REPLY, partArgs[1], spec.readOnly(),
                    spec.markedIdempotent(), spec.argumentBits());
            CommandFuture<Reply> part = router.part(partSpec, deadline, caller);
            ordinalsByPart.add(ordinals);
            parts.add(part);
            router.send(part, group.getKey(), false);
        }
        CompletableFuture<T> result = new CompletableFuture<>();
        CompletableFuture.allOf(parts.toArray(new CompletableFuture<?>[0])).whenComplete((ignored, anyFailure) -> {
            List<Reply> replies = new ArrayList<>(parts.size());
            for (CommandFuture<Reply> part : parts) {
                Throwable failure = ClusterRouter.failureOf(part);
                if (failure != null) {
                    router.refresher.requestSoon();
                    router.complete(result, spec, null, failure, callerWaits);
                    return;
                }
                replies.add(part.getNow(null));
            }
            Reply merged;
            try {
                merged = plan.info.responsePolicy() == ResponsePolicy.DEFAULT
                        ? inKeyOrder(replies, ordinalsByPart, positions.length)
                        : ReplyMerger.merge(plan.info.responsePolicy(), replies);
            } catch (RuntimeException wrongShape) {
                router.complete(result, spec, null, wrongShape, callerWaits);
                return;
            }
            router.complete(result, spec, merged, null, callerWaits);
        });
        return result;
    }

    /** MGET: each part's values go back to the positions of its keys in the caller's order. */
    private static Reply inKeyOrder(List<Reply> replies, List<List<Integer>> ordinalsByPart, int keyCount) {
        Reply[] ordered = new Reply[keyCount];
        for (int part = 0; part < replies.size(); part++) {
            if (!(replies.get(part) instanceof Reply.ArrayReply array) || array.elements().size() != ordinalsByPart.get(part).size()) {
                throw new UnexpectedReplyException("one value per key", replies.get(part));
            }
            List<Integer> ordinals = ordinalsByPart.get(part);
            for (int i = 0; i < ordinals.size(); i++) {
                ordered[ordinals.get(i)] = array.elements().get(i);
            }
        }
        return new Reply.ArrayReply(Arrays.asList(ordered));
    }
}
