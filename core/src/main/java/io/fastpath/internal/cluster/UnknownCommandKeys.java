package io.fastpath.internal.cluster;

import io.fastpath.command.Reply;
import io.fastpath.internal.command.CommandSpec;
import io.fastpath.internal.command.Converters;
import io.fastpath.internal.connection.CommandFuture;
import io.fastpath.internal.connection.Connection;
import io.fastpath.internal.routing.SlotHash;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Key positions of commands missing from the built-in table (module commands): the first use asks a
 * node with {@code COMMAND GETKEYS}, and the positions found are cached per command name. A module
 * command whose keys move with its arguments may then go to the wrong node once; the MOVED that
 * follows sends it to the right one.
 *
 * <p>Thread ownership: the cache is a concurrent map; lookups complete on an event loop.
 */
final class UnknownCommandKeys {
    private static final int[] NO_KEYS = new int[0];
    private static final long LOOKUP_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(2);

    private final ConcurrentHashMap<String, int[]> positionsByName = new ConcurrentHashMap<>();

    /** The cached positions for this command name, or null when it was never looked up. */
    int[] cached(String upperCaseName) {
        return positionsByName.get(upperCaseName);
    }

    /** Asks {@code node} which of {@code args} are keys; an error reply (no keys, unknown command) caches no keys. */
    CompletableFuture<int[]> lookUp(String upperCaseName, byte[][] args, Connection node) {
        CompletableFuture<Reply> reply = sendRaw(node, args);
        return reply.handle((keys, failure) -> {
            int[] positions = failure == null ? positionsOf(keys, args) : NO_KEYS;
            positionsByName.put(upperCaseName, positions);
            return positions;
        });
    }

    /** The slot of the keys at {@code positions}, -1 when there are none (or they lie beyond these arguments). */
    static int slotOf(int[] positions, byte[][] args) {
        for (int position : positions) {
            if (position < args.length) {
                return SlotHash.slot(args[position]);
            }
        }
        return -1;
    }

    private static CompletableFuture<Reply> sendRaw(Connection node, byte[][] args) {
        byte[][] getKeys = new byte[args.length + 2][];
        getKeys[0] = "COMMAND".getBytes(StandardCharsets.US_ASCII);
        getKeys[1] = "GETKEYS".getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(args, 0, getKeys, 2, args.length);
        CommandFuture<Reply> future = new CommandFuture<>(new CommandSpec<>("COMMAND", getKeys, Converters.REPLY, null, false),
                true, System.nanoTime() + LOOKUP_TIMEOUT_NANOS);
        node.send(future);
        return future;
    }

    /** Each returned key's index in {@code args}, matched left to right. */
    private static int[] positionsOf(Reply keys, byte[][] args) {
        if (!(keys instanceof Reply.ArrayReply array)) {
            return NO_KEYS;
        }
        List<Reply> elements = array.elements();
        int[] positions = new int[elements.size()];
        int count = 0;
        int from = 1;
        for (Reply key : elements) {
            if (!(key instanceof Reply.BulkStringReply bulk)) {
                continue;
            }
            for (int index = from; index < args.length; index++) {
                if (Arrays.equals(args[index], bulk.value())) {
                    positions[count++] = index;
                    from = index + 1;
                    break;
                }
            }
        }
        return Arrays.copyOf(positions, count);
    }
}
