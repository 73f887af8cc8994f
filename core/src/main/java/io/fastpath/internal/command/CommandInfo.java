package io.fastpath.internal.command;

import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * What the server says about one command or subcommand: arity, flags, legacy key range, key specs,
 * cluster tips, documentation group and the version that introduced it.
 *
 * <p>Instances come from the generated {@link CommandTable}, captured from a real server's
 * {@code COMMAND} and {@code COMMAND DOCS}, so routing and retry decisions follow the server's own
 * metadata rather than a hand-maintained list. Subcommands carry their full name ({@code CLIENT|SETNAME})
 * and are also reachable from their container through {@link #subcommand(String)}.
 */
public final class CommandInfo {

    public static final int WRITE = 1;
    public static final int READONLY = 1 << 1;
    public static final int DENYOOM = 1 << 2;
    public static final int MODULE = 1 << 3;
    public static final int ADMIN = 1 << 4;
    public static final int PUBSUB = 1 << 5;
    public static final int NOSCRIPT = 1 << 6;
    public static final int BLOCKING = 1 << 7;
    public static final int LOADING = 1 << 8;
    public static final int STALE = 1 << 9;
    public static final int SKIP_MONITOR = 1 << 10;
    public static final int SKIP_SLOWLOG = 1 << 11;
    public static final int ASKING = 1 << 12;
    public static final int FAST = 1 << 13;
    public static final int NO_AUTH = 1 << 14;
    public static final int MAY_REPLICATE = 1 << 15;
    public static final int NO_MANDATORY_KEYS = 1 << 16;
    public static final int NO_ASYNC_LOADING = 1 << 17;
    public static final int NO_MULTI = 1 << 18;
    public static final int MOVABLEKEYS = 1 << 19;
    public static final int ALLOW_BUSY = 1 << 20;

    // Index = bit position; these are the server's spellings in COMMAND output.
    private static final String[] FLAG_NAMES = {
        "write", "readonly", "denyoom", "module", "admin", "pubsub", "noscript", "blocking", "loading", "stale",
        "skip_monitor", "skip_slowlog", "asking", "fast", "no_auth", "may_replicate", "no_mandatory_keys",
        "no_async_loading", "no_multi", "movablekeys", "allow_busy"
    };

    private final String name;
    private final int arity;
    private final int flags;
    private final int firstKey;
    private final int lastKey;
    private final int keyStep;
    private final List<KeySpec> keySpecs;
    private final List<String> tips;
    private final RequestPolicy requestPolicy;
    private final ResponsePolicy responsePolicy;
    private final CommandGroup group;
    private final String since;
    private final Map<String, CommandInfo> subcommands;

    /**
     * @param name upper-case name; a subcommand's is {@code CONTAINER|SUBCOMMAND}
     * @param tips the server's tips verbatim, e.g. {@code request_policy:all_shards}
     * @param subcommands each named {@code name + "|" + ...}
     */
    public CommandInfo(
            String name,
            int arity,
            int flags,
            int firstKey,
            int lastKey,
            int keyStep,
            List<KeySpec> keySpecs,
            List<String> tips,
            CommandGroup group,
            String since,
            Collection<CommandInfo> subcommands) {
        this.name = Objects.requireNonNull(name, "name");
        if (!name.equals(name.toUpperCase(Locale.ROOT))) {
            throw new IllegalArgumentException("command name must be upper case: " + name);
        }
        this.arity = arity;
        this.flags = flags;
        this.firstKey = firstKey;
        this.lastKey = lastKey;
        this.keyStep = keyStep;
        this.keySpecs = List.copyOf(keySpecs);
        this.tips = List.copyOf(tips);
        this.requestPolicy = requestPolicyOf(this.tips);
        this.responsePolicy = responsePolicyOf(this.tips);
        this.group = Objects.requireNonNull(group, "group");
        this.since = Objects.requireNonNull(since, "since");
        Map<String, CommandInfo> byShortName = new TreeMap<>();
        for (CommandInfo subcommand : subcommands) {
            String prefix = name + "|";
            if (!subcommand.name.startsWith(prefix)) {
                throw new IllegalArgumentException(subcommand.name + " is not a subcommand of " + name);
            }
            byShortName.put(subcommand.name.substring(prefix.length()), subcommand);
        }
        this.subcommands = Collections.unmodifiableMap(byShortName);
    }

    CommandInfo withSubcommands(Collection<CommandInfo> newSubcommands) {
        return new CommandInfo(
                name, arity, flags, firstKey, lastKey, keyStep, keySpecs, tips, group, since, newSubcommands);
    }

    /** Upper case; {@code CONTAINER|SUBCOMMAND} for a subcommand. */
    public String name() {
        return name;
    }

    /** The exact argument count including the name when positive, the minimum when negative. */
    public int arity() {
        return arity;
    }

    /** Bits of this class's flag constants. */
    public int flags() {
        return flags;
    }

    /** True when every bit of {@code flag} is set, e.g. {@code info.is(CommandInfo.READONLY)}. */
    public boolean is(int flag) {
        return (flags & flag) == flag;
    }

    /** Legacy first key index; 0 when the command has no keys at fixed positions. */
    public int firstKey() {
        return firstKey;
    }

    /** Legacy last key index; negative counts from the end. */
    public int lastKey() {
        return lastKey;
    }

    /** Legacy step between keys. */
    public int keyStep() {
        return keyStep;
    }

    public List<KeySpec> keySpecs() {
        return keySpecs;
    }

    /** The server's tips verbatim, e.g. {@code nondeterministic_output}. */
    public List<String> tips() {
        return tips;
    }

    public boolean hasTip(String tip) {
        return tips.contains(tip);
    }

    public RequestPolicy requestPolicy() {
        return requestPolicy;
    }

    public ResponsePolicy responsePolicy() {
        return responsePolicy;
    }

    public CommandGroup group() {
        return group;
    }

    /** The server version that introduced the command, e.g. {@code 6.2.0}. */
    public String since() {
        return since;
    }

    public boolean hasSubcommands() {
        return !subcommands.isEmpty();
    }

    /** The subcommand by its upper-case short name ({@code SETNAME} for {@code CLIENT|SETNAME}), or null. */
    public CommandInfo subcommand(String upperCaseSubcommand) {
        return subcommands.get(upperCaseSubcommand);
    }

    /** Subcommands sorted by name; empty for a plain command. */
    public Collection<CommandInfo> subcommands() {
        return subcommands.values();
    }

    /** The bit for the server's spelling of a flag ({@code readonly}, {@code skip_monitor}, ...). */
    public static int flag(String serverName) {
        return FlagNames.bitOf(FLAG_NAMES, serverName, "command flag");
    }

    /** The constant names ({@code READONLY}, {@code FAST}, ...) of the set bits, lowest bit first. */
    public static List<String> flagNames(int flags) {
        return FlagNames.namesOf(FLAG_NAMES, flags);
    }

    private static RequestPolicy requestPolicyOf(List<String> tips) {
        for (String tip : tips) {
            if (tip.startsWith(RequestPolicy.TIP_PREFIX)) {
                return RequestPolicy.fromServerName(tip.substring(RequestPolicy.TIP_PREFIX.length()));
            }
        }
        return RequestPolicy.DEFAULT;
    }

    private static ResponsePolicy responsePolicyOf(List<String> tips) {
        for (String tip : tips) {
            if (tip.startsWith(ResponsePolicy.TIP_PREFIX)) {
                return ResponsePolicy.fromServerName(tip.substring(ResponsePolicy.TIP_PREFIX.length()));
            }
        }
        return ResponsePolicy.DEFAULT;
    }

    @Override
    public String toString() {
        return name + " arity=" + arity + " flags=" + flagNames(flags) + " keySpecs=" + keySpecs + " tips=" + tips;
    }
}
