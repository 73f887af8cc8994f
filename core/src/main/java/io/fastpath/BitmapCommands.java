package io.fastpath;

import java.util.List;

/** Bitmaps, blocking. See {@link BitmapCommandBuilder} for each command's reply. */
public interface BitmapCommands<K, V> extends SyncDispatcher<K, V> {

    default boolean setbit(K key, long offset, boolean value) {
        return execute(commands().setbit(key, offset, value));
    }

    default boolean getbit(K key, long offset) {
        return execute(commands().getbit(key, offset));
    }

    default long bitcount(K key) {
        return execute(commands().bitcount(key));
    }

    default long bitcount(K key, long start, long end) {
        return execute(commands().bitcount(key, start, end));
    }

    default long bitcount(K key, long start, long end, BitUnit unit) {
        return execute(commands().bitcount(key, start, end, unit));
    }

    default long bitpos(K key, boolean bit) {
        return execute(commands().bitpos(key, bit));
    }

    default long bitpos(K key, boolean bit, long start) {
        return execute(commands().bitpos(key, bit, start));
    }

    default long bitpos(K key, boolean bit, long start, long end, BitUnit unit) {
        return execute(commands().bitpos(key, bit, start, end, unit));
    }

    default long bitop(BitOperation operation, K destination, List<K> sources) {
        return execute(commands().bitop(operation, destination, sources));
    }

    default List<Long> bitfield(K key, BitFieldArgs operations) {
        return execute(commands().bitfield(key, operations));
    }
}
