package io.fastpath.internal.command;

import java.util.List;
import java.util.Objects;

/**
 * One key specification of a command, as the server reports it in {@code COMMAND}: where the search for
 * keys begins, how the keys are found from there, and how the command uses them.
 *
 * <p>{@link KeyPositions} interprets these the way the server's {@code getKeysUsingKeySpecs} does, so a
 * command sent through the generic {@code send} is routed by the same keys the server hashes.
 */
public final class KeySpec {

    /** Read-only: the command reads the value but does not modify it. */
    public static final int RO = 1;
    /** Read-write: the command reads and may modify the value. */
    public static final int RW = 1 << 1;
    /** Overwrite: the command replaces the value without reading it. */
    public static final int OW = 1 << 2;
    /** Remove: the command deletes the key. */
    public static final int RM = 1 << 3;
    /** The command returns, copies or otherwise exposes user data of the key. */
    public static final int ACCESS = 1 << 4;
    /** The command updates data inside the value. */
    public static final int UPDATE = 1 << 5;
    /** The command only adds data to the value. */
    public static final int INSERT = 1 << 6;
    /** The command explicitly deletes data from the value. */
    public static final int DELETE = 1 << 7;
    /** The argument is not a key but is hashed like one (a sharded pub/sub channel). */
    public static final int NOT_KEY = 1 << 8;
    /** The spec may miss keys; the server then falls back to the command's own key-finding procedure. */
    public static final int INCOMPLETE = 1 << 9;
    /** The flags depend on the arguments (e.g. {@code SET ... GET}). */
    public static final int VARIABLE_FLAGS = 1 << 10;

    // Index = bit position; these are the server's spellings in COMMAND output.
    private static final String[] FLAG_NAMES = {
        "RO", "RW", "OW", "RM", "access", "update", "insert", "delete", "not_key", "incomplete", "variable_flags"
    };

    private final int flags;
    private final BeginSearch beginSearch;
    private final FindKeys findKeys;

    private KeySpec(int flags, BeginSearch beginSearch, FindKeys findKeys) {
        this.flags = flags;
        this.beginSearch = Objects.requireNonNull(beginSearch, "beginSearch");
        this.findKeys = Objects.requireNonNull(findKeys, "findKeys");
    }

    /** A key spec with the given {@code KeySpec} flag bits. */
    public static KeySpec spec(int flags, BeginSearch beginSearch, FindKeys findKeys) {
        return new KeySpec(flags, beginSearch, findKeys);
    }

    /** Begin the search at a fixed argument index. */
    public static BeginSearch index(int position) {
        return new Index(position);
    }

    /** Begin the search after a keyword, scanning from {@code startFrom} (negative: from the end, backwards). */
    public static BeginSearch keyword(String keyword, int startFrom) {
        return new Keyword(keyword, startFrom);
    }

    /** The server cannot say where the keys begin; its own key-finding procedure is needed. */
    public static BeginSearch unknownBeginSearch() {
        return UnknownBeginSearch.INSTANCE;
    }

    /** Keys run from the begin index to {@code lastKey} (negative: from the end) every {@code keyStep} arguments. */
    public static FindKeys range(int lastKey, int keyStep, int limit) {
        return new Range(lastKey, keyStep, limit);
    }

    /** The argument at {@code keynumIndex} counts the keys, which start at {@code firstKey}. */
    public static FindKeys keynum(int keynumIndex, int firstKey, int keyStep) {
        return new Keynum(keynumIndex, firstKey, keyStep);
    }

    /** The server cannot say how the keys are laid out; its own key-finding procedure is needed. */
    public static FindKeys unknownFindKeys() {
        return UnknownFindKeys.INSTANCE;
    }

    public int flags() {
        return flags;
    }

    /** True when every bit of {@code flag} is set. */
    public boolean is(int flag) {
        return (flags & flag) == flag;
    }

    public BeginSearch beginSearch() {
        return beginSearch;
    }

    public FindKeys findKeys() {
        return findKeys;
    }

    /** The flag bit for the server's spelling ({@code RW}, {@code access}, ...), case-insensitively. */
    public static int flag(String serverName) {
        return FlagNames.bitOf(FLAG_NAMES, serverName, "key spec flag");
    }

    /** The constant names ({@code RW}, {@code ACCESS}, ...) of the set bits, lowest bit first. */
    public static List<String> flagNames(int flags) {
        return FlagNames.namesOf(FLAG_NAMES, flags);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof KeySpec that
                && flags == that.flags
                && beginSearch.equals(that.beginSearch)
                && findKeys.equals(that.findKeys);
    }

    @Override
    public int hashCode() {
        return Objects.hash(flags, beginSearch, findKeys);
    }

    @Override
    public String toString() {
        return "KeySpec" + flagNames(flags) + " " + beginSearch + " " + findKeys;
    }

    /** Where the search for keys begins. */
    public sealed interface BeginSearch permits Index, Keyword, UnknownBeginSearch {}

    /** The first key is at a fixed argument index. */
    public record Index(int position) implements BeginSearch {}

    /** The first key follows {@code keyword}, searched from {@code startFrom}. */
    public record Keyword(String keyword, int startFrom) implements BeginSearch {
        public Keyword {
            Objects.requireNonNull(keyword, "keyword");
        }
    }

    /** The server declares no usable begin search for this spec. */
    public record UnknownBeginSearch() implements BeginSearch {
        static final UnknownBeginSearch INSTANCE = new UnknownBeginSearch();
    }

    /** How keys are found once the search has begun. */
    public sealed interface FindKeys permits Range, Keynum, UnknownFindKeys {}

    /**
     * Keys up to {@code lastKey} relative to the begin index, or counted from the end when negative; with a
     * non-zero {@code limit} and {@code lastKey == -1}, only the first 1/limit of the remaining arguments.
     */
    public record Range(int lastKey, int keyStep, int limit) implements FindKeys {}

    /** The number of keys is the argument at {@code keynumIndex}; keys start {@code firstKey} after the begin index. */
    public record Keynum(int keynumIndex, int firstKey, int keyStep) implements FindKeys {}

    /** The server declares no usable way to find the keys for this spec. */
    public record UnknownFindKeys() implements FindKeys {
        static final UnknownFindKeys INSTANCE = new UnknownFindKeys();
    }
}
