package io.fastpath.internal.cluster;

import io.fastpath.RedisCrossSlotException;
import io.fastpath.internal.command.CommandInfo;
import io.fastpath.internal.command.CommandResolver;
import io.fastpath.internal.command.CommandSpec;
import io.fastpath.internal.command.KeyPositions;
import io.fastpath.internal.routing.SlotHash;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The one slot every key of a group of commands hashes to, for what must run on one node as one unit
 * (a MULTI/EXEC block, WATCH and its transaction, a multi-key blocking pop). Checked before anything is
 * sent, so a group spanning slots fails with {@link RedisCrossSlotException} instead of a server error.
 */
public final class CommandSlots {
    /** The slot of a group without any key: any primary will do. */
    public static final int NO_KEYS = -1;

    private CommandSlots() {}

    /** The common slot of every key in {@code commands}, or {@link #NO_KEYS}; {@code what} names the group in errors. */
    public static int commonSlot(List<? extends CommandSpec<?>> commands, String what) {
        List<byte[]> keys = new ArrayList<>();
        for (CommandSpec<?> command : commands) {
            addKeys(command, keys);
        }
        return commonSlotOfKeys(keys, what);
    }

    private static void addKeys(CommandSpec<?> command, List<byte[]> keys) {
        byte[][] args = command.args();
        CommandInfo info = CommandResolver.resolve(args);
        if (info == null) { // a command the table does not know (a module's): its routing key is all there is
            if (command.routingKey() != null) {
                keys.add(command.routingKey());
            }
            return;
        }
        for (int position : KeyPositions.of(info, args)) {
            keys.add(args[position]);
        }
    }

    /** The common slot of raw keys (WATCH's), or {@link #NO_KEYS} for none. */
    public static int commonSlotOfKeys(List<byte[]> keys, String what) {
        int slot = NO_KEYS;
        String firstKey = null;
        for (byte[] key : keys) {
            slot = check(slot, firstKey, key, what);
            firstKey = firstKey == null ? text(key) : firstKey;
        }
        return slot;
    }

    private static int check(int slotSoFar, String firstKey, byte[] key, String what) {
        int slot = SlotHash.slot(key);
        if (slotSoFar != NO_KEYS && slot != slotSoFar) {
            throw new RedisCrossSlotException(what + " was not sent: its keys must share one cluster slot, but "
                    + firstKey + " hashes to slot " + slotSoFar + " and " + text(key) + " to slot " + slot
                    + ". Put the keys under one {hashtag} to keep them in one slot.");
        }
        return slot;
    }

    private static String text(byte[] key) {
        return new String(key, StandardCharsets.UTF_8);
    }
}
