package io.fastpath.internal.cluster;

import io.fastpath.RedisArgumentException;
import io.fastpath.command.Reply;
import io.fastpath.internal.command.CommandSpec;
import io.fastpath.internal.command.Converters;
import io.fastpath.internal.connection.CommandFuture;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * SCAN over the whole cluster: the client's cursor is the decimal {@code nodeCursor * 4096 + primaryIndex}
 * over the primaries ordered by address (so it stays a plain decimal cursor); each page comes from one
 * primary, and when that primary's cursor returns to 0 the next one starts. {@code 0} starts and ends the iteration, as with one server. A topology change
 * during the iteration may skip or repeat keys of the slots that moved.
 */
final class ClusterScan {
    private static final BigInteger PRIMARY_SLOTS = BigInteger.valueOf(4096);

    private ClusterScan() {}

    static <T> CompletableFuture<T> send(ClusterRouter router, CommandSpec<T> spec, boolean callerWaits, long deadline) {
        byte[][] args = spec.args().clone();
        BigInteger[] split;
        try {
            split = new BigInteger(new String(args[1], StandardCharsets.US_ASCII)).divideAndRemainder(PRIMARY_SLOTS);
        } catch (NumberFormatException malformed) {
            throw new RedisArgumentException("SCAN: not a cursor this client returned");
        }
        String nodeCursor = split[0].toString();
        int primaryIndex = split[1].intValue();
        CompletableFuture<T> result = new CompletableFuture<>();
        List<ClusterNode> primaries = router.nodes.table().primaries();
        if (primaryIndex >= primaries.size()) {
            router.complete(result, spec, emptyPage(), null, callerWaits);
            return result;
        }
        args[1] = nodeCursor.getBytes(StandardCharsets.US_ASCII);
        int index = primaryIndex;
        CommandFuture<Reply> page = new CommandFuture<>(new CommandSpec<>(spec.name(), args, Converters.REPLY, null, true), true, deadline)
                .errorInterceptor(router.redirects);
        primaries.get(index).connections.routeSlot(-1).send(page);
        page.whenComplete((reply, failure) -> {
            if (failure != null) {
                router.complete(result, spec, null, ClusterRouter.failureOf(page), callerWaits);
                return;
            }
            Reply withCursor;
            try {
                withCursor = withClusterCursor(reply, index, primaries.size());
            } catch (RuntimeException malformedCursor) {
                router.complete(result, spec, null, malformedCursor, callerWaits); // never leave the caller waiting
                return;
            }
            router.complete(result, spec, withCursor, null, callerWaits);
        });
        return result;
    }

    private static Reply withClusterCursor(Reply reply, int index, int primaryCount) {
        if (!(reply instanceof Reply.ArrayReply array) || array.elements().size() != 2) {
            return reply; // the converter reports the unexpected shape
        }
        String nodeCursor = array.elements().get(0) instanceof Reply.BulkStringReply bulk ? bulk.asUtf8() : "0";
        String next;
        if (!nodeCursor.equals("0")) {
            next = new BigInteger(nodeCursor).multiply(PRIMARY_SLOTS).add(BigInteger.valueOf(index)).toString();
        } else {
            next = index + 1 < primaryCount ? Integer.toString(index + 1) : "0";
        }
        List<Reply> elements = new ArrayList<>(array.elements());
        elements.set(0, new Reply.BulkStringReply(next.getBytes(StandardCharsets.US_ASCII)));
        return new Reply.ArrayReply(elements);
    }

    private static Reply emptyPage() {
        return new Reply.ArrayReply(List.of(new Reply.BulkStringReply("0".getBytes(StandardCharsets.US_ASCII)),
                new Reply.ArrayReply(List.of())));
    }
}
