package io.fastpath.internal.cluster;

import io.fastpath.RedisCrossSlotException;
import io.fastpath.internal.command.CommandInfo;
import io.fastpath.internal.command.CommandResolver;
import io.fastpath.internal.command.CommandSpec;
import io.fastpath.internal.command.CommandTable;
import io.fastpath.internal.command.KeyPositions;
import io.fastpath.internal.command.RequestPolicy;
import io.fastpath.internal.command.ResponsePolicy;
import io.fastpath.internal.routing.SlotHash;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Decides how a cluster sends one command: to one slot's node (the common case, decided from the
 * routing key alone when the command has at most one key), split by slot, fanned out to every
 * primary, as a cluster-wide SCAN page, or refused because its keys span slots.
 */
final class CommandPlan {
    enum Kind { SLOT, KEYLESS, SPLIT, FAN_OUT, SCAN, UNKNOWN_KEYS }

    /** Multi-key commands that may be split by slot; MSETNX is absent on purpose: it must stay atomic. */
    private static final Set<String> SPLITTABLE = Set.of("MGET", "MSET", "DEL", "UNLINK", "EXISTS", "TOUCH");

    final Kind kind;
    final int slot;
    final CommandInfo info;
    final int[] keyPositions;

    private CommandPlan(Kind kind, int slot, CommandInfo info, int[] keyPositions) {
        this.kind = kind;
        this.slot = slot;
        this.info = info;
        this.keyPositions = keyPositions;
    }

    /** Returned by {@link #singleSlot} when the command needs a full plan. */
    static final int NEEDS_PLAN = -2;

    /**
     * The slot of a command with exactly one key (GET, SET, HSET...), found without allocating; or
     * {@link #NEEDS_PLAN} for anything else (keyless, several keys, unknown command).
     */
    static int singleSlot(CommandSpec<?> spec) {
        byte[] routingKey = spec.routingKey();
        if (routingKey == null) {
            return NEEDS_PLAN;
        }
        if (spec.args().length <= 2) {
            return SlotHash.slot(routingKey);
        }
        CommandInfo info = infoOf(spec);
        if (info != null && info.firstKey() > 0 && info.firstKey() == info.lastKey() && !info.is(CommandInfo.MOVABLEKEYS)) {
            return SlotHash.slot(routingKey);
        }
        return NEEDS_PLAN;
    }

    static CommandPlan of(CommandSpec<?> spec) {
        byte[][] args = spec.args();
        byte[] routingKey = spec.routingKey();
        if (routingKey != null && args.length <= 2) {
            return new CommandPlan(Kind.SLOT, SlotHash.slot(routingKey), null, null);
        }
        CommandInfo info = infoOf(spec);
        if (info == null) { // not in the built-in table (a module command): its keys are asked of the server once
            if (routingKey != null) {
                return new CommandPlan(Kind.SLOT, SlotHash.slot(routingKey), null, null);
            }
            return args.length > 1 ? new CommandPlan(Kind.UNKNOWN_KEYS, -1, null, null) : new CommandPlan(Kind.KEYLESS, -1, null, null);
        }
        if (routingKey == null && info.firstKey() == 0 && info.keySpecs().isEmpty()) {
            return keyless(info);
        }
        if (routingKey != null && info.firstKey() > 0 && info.firstKey() == info.lastKey() && !info.is(CommandInfo.MOVABLEKEYS)) {
            return new CommandPlan(Kind.SLOT, SlotHash.slot(routingKey), info, null);
        }
        int[] positions = KeyPositions.of(info, args);
        if (positions.length == 0) {
            return routingKey == null ? keyless(info) : new CommandPlan(Kind.SLOT, SlotHash.slot(routingKey), info, null);
        }
        int slot = SlotHash.slot(args[positions[0]]);
        for (int i = 1; i < positions.length; i++) {
            if (SlotHash.slot(args[positions[i]]) != slot) {
                if (SPLITTABLE.contains(info.name())) {
                    return new CommandPlan(Kind.SPLIT, -1, info, positions);
                }
                throw crossSlot(info.name(), args, positions);
            }
        }
        return new CommandPlan(Kind.SLOT, slot, info, positions);
    }

    private static CommandPlan keyless(CommandInfo info) {
        if (info.name().equals("SCAN")) {
            return new CommandPlan(Kind.SCAN, -1, info, null);
        }
        boolean everyNode = info.requestPolicy() == RequestPolicy.ALL_SHARDS || info.requestPolicy() == RequestPolicy.ALL_NODES;
        // A "special" response (INFO, ...) has no defined merge: such a command goes to one node.
        if (everyNode && info.responsePolicy() != ResponsePolicy.SPECIAL) {
            return new CommandPlan(Kind.FAN_OUT, -1, info, null);
        }
        return new CommandPlan(Kind.KEYLESS, -1, info, null);
    }

    private static CommandInfo infoOf(CommandSpec<?> spec) {
        CommandInfo info = spec.name().indexOf(' ') < 0 ? CommandTable.lookup(spec.name()) : null;
        if (info == null || info.hasSubcommands()) {
            return CommandResolver.resolve(spec.args());
        }
        return info;
    }

    private static RedisCrossSlotException crossSlot(String name, byte[][] args, int[] positions) {
        List<String> described = new ArrayList<>();
        for (int position : positions) {
            String key = new String(args[position], StandardCharsets.UTF_8);
            described.add(key + " (slot " + SlotHash.slot(args[position]) + ")");
        }
        return new RedisCrossSlotException(name + " was not sent: its keys hash to different cluster slots and it cannot be "
                + "split: " + String.join(", ", described) + ". Put the keys under one {hashtag} to keep them in one slot.");
    }
}
