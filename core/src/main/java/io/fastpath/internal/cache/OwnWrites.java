package io.fastpath.internal.cache;

import com.github.benmanes.caffeine.cache.Cache;
import io.fastpath.internal.command.CommandSpec;
import io.fastpath.internal.command.ReplyConverter;
import java.util.List;

/**
 * The client's own writes evict what they change (R6): a write's converter, which runs when its reply arrives and
 * before its caller sees it (I/O thread or completion executor), bumps the keys' write stamps and then evicts them,
 * so a fill that read the old value (its stamp now stale) stores nothing.
 */
final class OwnWrites {
    private final Cache<CacheKey, KeyReplies> entries;
    private final KeyStamps writeStamps;

    OwnWrites(Cache<CacheKey, KeyReplies> entries, KeyStamps writeStamps) {
        this.entries = entries;
        this.writeStamps = writeStamps;
    }

    /** The command to send instead of {@code spec}: a write that evicts the keys it names; a read as it is. */
    <T> CommandSpec<T> evicting(CommandSpec<T> spec) {
        if (spec.readOnly()) {
            return spec;
        }
        ReplyConverter<T> converter = spec.converter();
        if (CachedReads.isFlush(spec)) {
            return new CommandSpec<>(spec.name(), spec.args(), reply -> {
                evictEverything();
                return converter.convert(reply);
            }, spec.routingKey(), false, false, spec.argumentBits());
        }
        List<byte[]> written = CachedReads.keysOf(spec);
        if (written.isEmpty()) {
            return spec;
        }
        return new CommandSpec<>(spec.name(), spec.args(), reply -> {
            for (byte[] key : written) {
                evict(new CacheKey(key));
            }
            return converter.convert(reply);
        }, spec.routingKey(), false, false, spec.argumentBits());
    }

    private void evict(CacheKey key) {
        writeStamps.increment(key); // before the eviction: see ClientSideCache.store()
        entries.invalidate(key);
    }

    private void evictEverything() {
        writeStamps.incrementAll();
        entries.invalidateAll();
    }
}
