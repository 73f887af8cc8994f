package io.fastpath.internal.cache;

import io.fastpath.RedisArgumentException;
import io.fastpath.internal.command.CommandInfo;
import io.fastpath.internal.command.CommandResolver;
import io.fastpath.internal.command.CommandSpec;
import io.fastpath.internal.command.KeyPositions;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** Which commands the cache answers, which it refuses, and which keys a write touches. */
final class CachedReads {
    /** Typed reads served from the cache (one key each; MGET is split into per-key GET entries). */
    private static final Set<String> SINGLE_KEY_READS =
            Set.of("GET", "HGET", "HGETALL", "HMGET", "SMEMBERS", "LRANGE", "ZRANGE", "EXISTS", "STRLEN", "TYPE");
    static final byte[] GET = "GET".getBytes(StandardCharsets.US_ASCII);

    private CachedReads() {}

    /** A typed single-key read the cache serves (EXISTS only with one key: a count over several keys has no single owner). */
    static boolean isSingleKeyRead(CommandSpec<?> spec) {
        return spec.readOnly() && spec.routingKey() != null && SINGLE_KEY_READS.contains(spec.name())
                && (spec.args().length == 2 || !spec.name().equals("EXISTS"));
    }

    static boolean isMget(CommandSpec<?> spec) {
        return spec.readOnly() && spec.name().equals("MGET") && spec.args().length > 1;
    }

    /** A command asked for explicitly ({@code executeCached}): read-only, not blocking, exactly one key. */
    static void requireCacheable(CommandSpec<?> spec) {
        CommandInfo info = CommandResolver.resolve(spec.args());
        if (!spec.readOnly() || info == null || info.is(CommandInfo.BLOCKING) || spec.routingKey() == null) {
            throw new RedisArgumentException(spec.name() + " cannot be cached: only non-blocking read-only commands with one key can");
        }
        if (KeyPositions.of(info, spec.args()).length != 1) {
            throw new RedisArgumentException(spec.name() + " cannot be cached: it reads several keys, so no single key's invalidation covers it");
        }
    }

    static boolean isFlush(CommandSpec<?> spec) {
        return spec.name().equals("FLUSHALL") || spec.name().equals("FLUSHDB");
    }

    /** Every key a write names, from the server's key specs (the routing key alone for commands the table lacks). */
    static List<byte[]> keysOf(CommandSpec<?> spec) {
        CommandInfo info = CommandResolver.resolve(spec.args());
        if (info == null) {
            return spec.routingKey() == null ? List.of() : List.of(spec.routingKey());
        }
        int[] positions = KeyPositions.of(info, spec.args());
        List<byte[]> keys = new ArrayList<>(positions.length);
        for (int position : positions) {
            keys.add(spec.args()[position]);
        }
        return keys;
    }

}
