package io.fastpath.internal.command;

import java.util.Arrays;
import java.util.Objects;

/**
 * Finds which arguments of a command are keys, so any command, typed or generic, is routed by the slot
 * the server will hash.
 *
 * <p>Key specs are interpreted as the server's {@code getKeysUsingKeySpecs} (src/db.c) does: an index or a
 * keyword search (from {@code startfrom}, backwards when negative) gives the begin index, then a range
 * (negative {@code lastkey} counts from the end, {@code limit} takes a fraction of the rest) or a key
 * count read at {@code keynumidx} gives the keys. Specs marked {@link KeySpec#NOT_KEY} are skipped. When a
 * spec is unusable ({@link KeySpec#INCOMPLETE}, unknown, or out of bounds) the server falls back to the
 * command's own procedure; {@link ServerKeyProcedures} mirrors the ones that matter for valid commands,
 * and otherwise the keys the usable specs found are returned. Short or malformed argument arrays never
 * throw.
 */
public final class KeyPositions {

    private static final int[] NO_KEYS = new int[0];
    // A keyword search that found nothing: valid, selects no key, and does not make the spec count as incomplete.
    private static final int[] KEYWORD_ABSENT = new int[0];

    private KeyPositions() {}

    /**
     * Indices into {@code args} of every key, in the server's order.
     *
     * @param info the command's entry; for a container its subcommand's, as {@link CommandResolver} finds it
     * @param args the whole command: {@code args[0]} is the name, {@code args[1]} the subcommand if any
     */
    public static int[] of(CommandInfo info, byte[][] args) {
        Objects.requireNonNull(info, "info");
        Objects.requireNonNull(args, "args");
        int[] positions = NO_KEYS;
        int count = 0;
        boolean complete = true;
        for (KeySpec spec : info.keySpecs()) {
            if (spec.is(KeySpec.NOT_KEY)) {
                continue;
            }
            int[] range = rangeOf(spec, args);
            if (range == KEYWORD_ABSENT) {
                continue;
            }
            if (range == null) {
                complete = false;
                continue;
            }
            if (spec.is(KeySpec.INCOMPLETE)) {
                complete = false;
            }
            int first = range[0];
            int last = range[1];
            int step = range[2];
            for (int index = first; index <= last; index += step) {
                if (count == positions.length) {
                    positions = Arrays.copyOf(positions, Math.max(4, count * 2));
                }
                positions[count++] = index;
            }
        }
        if (!complete) {
            int[] fromProcedure = ServerKeyProcedures.keys(info.name(), args);
            if (fromProcedure != null) {
                return fromProcedure;
            }
        }
        return count == positions.length ? positions : Arrays.copyOf(positions, count);
    }

    /** The index of the first key, or -1 when the command has none. */
    public static int firstKey(CommandInfo info, byte[][] args) {
        int[] positions = of(info, args);
        return positions.length == 0 ? -1 : positions[0];
    }

    /**
     * {first, last, step} of the keys one spec selects; {@link #KEYWORD_ABSENT} when its keyword is not
     * there; null when the spec is unusable for these arguments.
     */
    private static int[] rangeOf(KeySpec spec, byte[][] args) {
        int argumentCount = args.length;
        int first;
        if (spec.beginSearch() instanceof KeySpec.Index index) {
            first = index.position();
        } else if (spec.beginSearch() instanceof KeySpec.Keyword keyword) {
            first = afterKeyword(keyword, args);
            if (first == 0) {
                return KEYWORD_ABSENT;
            }
        } else {
            return null;
        }

        int last;
        int step;
        if (spec.findKeys() instanceof KeySpec.Range range) {
            step = range.keyStep();
            if (range.lastKey() >= 0) {
                last = first + range.lastKey();
            } else if (range.limit() == 0) {
                last = argumentCount + range.lastKey();
            } else {
                last = first + ((argumentCount - first) / range.limit() + range.lastKey());
            }
        } else if (spec.findKeys() instanceof KeySpec.Keynum keynum) {
            step = keynum.keyStep();
            int keyCountIndex = first + keynum.keynumIndex();
            if (keyCountIndex < 0 || keyCountIndex >= argumentCount) {
                return null;
            }
            long keyCount = parseKeyCount(args[keyCountIndex]);
            if (keyCount < 0) {
                return null;
            }
            first += keynum.firstKey();
            last = (int) (first + keyCount - 1);
        } else {
            return null;
        }

        if (step <= 0 || first < 1 || last >= argumentCount || last < first || first >= argumentCount) {
            return null;
        }
        return new int[] {first, last, step};
    }

    /** The index after the keyword, or 0 when absent; the scan bounds are the server's, including its exclusions. */
    private static int afterKeyword(KeySpec.Keyword keyword, byte[][] args) {
        int argumentCount = args.length;
        int startFrom = keyword.startFrom();
        int start = startFrom > 0 ? startFrom : argumentCount + startFrom;
        int end = startFrom > 0 ? argumentCount - 1 : 1;
        for (int index = start; index != end; index = start <= end ? index + 1 : index - 1) {
            if (index >= argumentCount || index < 1) {
                break;
            }
            if (equalsIgnoreCase(args[index], keyword.keyword())) {
                return index + 1;
            }
        }
        return 0;
    }

    /** Parses like the server's {@code string2ll}; -1 for anything that is not a non-negative int. */
    private static long parseKeyCount(byte[] argument) {
        if (argument == null || argument.length == 0 || argument.length > 10) {
            return -1;
        }
        if (argument.length > 1 && argument[0] == '0') {
            return -1;
        }
        long value = 0;
        for (byte digit : argument) {
            if (digit < '0' || digit > '9') {
                return -1;
            }
            value = value * 10 + (digit - '0');
        }
        return value > Integer.MAX_VALUE ? -1 : value;
    }

    /** ASCII case-insensitive comparison, as the server's {@code strcasecmp} on keywords. */
    static boolean equalsIgnoreCase(byte[] argument, String keyword) {
        if (argument == null || argument.length != keyword.length()) {
            return false;
        }
        for (int index = 0; index < argument.length; index++) {
            if (upperCase(argument[index]) != upperCase((byte) keyword.charAt(index))) {
                return false;
            }
        }
        return true;
    }

    private static int upperCase(byte character) {
        return character >= 'a' && character <= 'z' ? character - ('a' - 'A') : character;
    }
}
