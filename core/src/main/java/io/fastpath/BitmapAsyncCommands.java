package io.fastpath;

import java.util.List;
import java.util.concurrent.CompletableFuture;

/** Bitmaps, asynchronously. See {@link BitmapCommandBuilder} for each command's reply. */
public interface BitmapAsyncCommands<K, V> extends AsyncDispatcher<K, V> {

    default CompletableFuture<Boolean> setbit(K key, long offset, boolean value) {
        return dispatch(commands().setbit(key, offset, value));
    }

    default CompletableFuture<Boolean> getbit(K key, long offset) {
        return dispatch(commands().getbit(key, offset));
    }

    default CompletableFuture<Long> bitcount(K key) {
        return dispatch(commands().bitcount(key));
    }

    default CompletableFuture<Long> bitcount(K key, long start, long end) {
        return dispatch(commands().bitcount(key, start, end));
    }

    default CompletableFuture<Long> bitcount(K key, long start, long end, BitUnit unit) {
        return dispatch(commands().bitcount(key, start, end, unit));
    }

    default CompletableFuture<Long> bitpos(K key, boolean bit) {
        return dispatch(commands().bitpos(key, bit));
    }

    default CompletableFuture<Long> bitpos(K key, boolean bit, long start) {
        return dispatch(commands().bitpos(key, bit, start));
    }

    default CompletableFuture<Long> bitpos(K key, boolean bit, long start, long end, BitUnit unit) {
        return dispatch(commands().bitpos(key, bit, start, end, unit));
    }

    default CompletableFuture<Long> bitop(BitOperation operation, K destination, List<K> sources) {
        return dispatch(commands().bitop(operation, destination, sources));
    }

    default CompletableFuture<List<Long>> bitfield(K key, BitFieldArgs operations) {
        return dispatch(commands().bitfield(key, operations));
    }
}
