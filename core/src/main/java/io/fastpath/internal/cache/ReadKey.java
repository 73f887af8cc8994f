package io.fastpath.internal.cache;

import java.util.Arrays;

/**
 * A whole read command (name, key, arguments) as a map key: concurrent misses of one read share one request
 * (R5), and a key's several cached replies are found by it ({@link KeyEntries}).
 */
final class ReadKey {
    final byte[][] args;
    private final int hash;

    ReadKey(byte[][] args) {
        this.args = args;
        this.hash = Arrays.deepHashCode(args);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof ReadKey that && hash == that.hash && CachedRead.sameArgs(args, that.args);
    }

    @Override
    public int hashCode() {
        return hash;
    }
}
