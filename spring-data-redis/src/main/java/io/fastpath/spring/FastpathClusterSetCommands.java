package io.fastpath.spring;

import java.util.Arrays;
import java.util.Collections;
import java.util.Set;
import org.springframework.data.redis.connection.util.ByteArraySet;

/**
 * Set commands on a cluster. Keys in one slot go as one native command; keys across slots are computed here from each
 * key's SMEMBERS, exactly as Spring's Lettuce and Jedis cluster connections do: a *STORE form then SADDs the result to
 * the destination (which is not deleted first, and is left untouched by an empty result), and SMOVE is SREM from the
 * source then SADD to the destination. Caller thread only, like its connection.
 */
final class FastpathClusterSetCommands extends FastpathSetCommands {
    private final FastpathConnection connection;

    FastpathClusterSetCommands(FastpathConnection connection) {
        super(connection);
        this.connection = connection;
    }

    @Override
    public Boolean sMove(byte[] srcKey, byte[] destKey, byte[] value) {
        Arguments.notNull(srcKey, "Source key");
        Arguments.notNull(destKey, "Destination key");
        Arguments.notNull(value, "Value");
        if (!CrossSlot.computedInClient(connection, srcKey, destKey)) {
            return super.sMove(srcKey, destKey, value);
        }
        // Spring's order: false when the member was removed from the source but the destination already held it
        if (connection.keyCommands().exists(srcKey)) {
            if (sRem(srcKey, value) > 0 && !sIsMember(destKey, value)) {
                return sAdd(destKey, value) > 0;
            }
        }
        return Boolean.FALSE;
    }

    @Override
    public Set<byte[]> sInter(byte[]... keys) {
        Arguments.noNullElements(keys, "Keys");
        if (!CrossSlot.computedInClient(connection, keys)) {
            return super.sInter(keys);
        }
        ByteArraySet result = null;
        for (byte[] key : keys) {
            ByteArraySet members = new ByteArraySet(sMembers(key));
            if (result == null) {
                result = members;
            } else {
                result.retainAll(members);
            }
            if (result.isEmpty()) {
                return Collections.emptySet();
            }
        }
        return result == null ? Collections.emptySet() : result.asRawSet();
    }

    @Override
    public Long sInterStore(byte[] destKey, byte[]... keys) {
        Arguments.notNull(destKey, "Destination key");
        Arguments.noNullElements(keys, "Source keys");
        if (!CrossSlot.computedInClient(connection, CrossSlot.merge(destKey, keys))) {
            return super.sInterStore(destKey, keys);
        }
        return store(destKey, sInter(keys));
    }

    @Override
    public Long sInterCard(byte[]... keys) {
        Arguments.noNullElements(keys, "Keys");
        if (!CrossSlot.computedInClient(connection, keys)) {
            return super.sInterCard(keys);
        }
        return (long) sInter(keys).size();
    }

    @Override
    public Set<byte[]> sUnion(byte[]... keys) {
        Arguments.noNullElements(keys, "Keys");
        if (!CrossSlot.computedInClient(connection, keys)) {
            return super.sUnion(keys);
        }
        ByteArraySet result = new ByteArraySet();
        for (byte[] key : keys) {
            result.addAll(sMembers(key));
        }
        return result.isEmpty() ? Collections.emptySet() : result.asRawSet();
    }

    @Override
    public Long sUnionStore(byte[] destKey, byte[]... keys) {
        Arguments.notNull(destKey, "Destination key");
        Arguments.noNullElements(keys, "Source keys");
        if (!CrossSlot.computedInClient(connection, CrossSlot.merge(destKey, keys))) {
            return super.sUnionStore(destKey, keys);
        }
        return store(destKey, sUnion(keys));
    }

    @Override
    public Set<byte[]> sDiff(byte[]... keys) {
        Arguments.noNullElements(keys, "Keys");
        if (!CrossSlot.computedInClient(connection, keys)) {
            return super.sDiff(keys);
        }
        ByteArraySet result = new ByteArraySet(sMembers(keys[0]));
        for (byte[] key : Arrays.copyOfRange(keys, 1, keys.length)) {
            if (result.isEmpty()) {
                break;
            }
            result.removeAll(sMembers(key));
        }
        return result.isEmpty() ? Collections.emptySet() : result.asRawSet();
    }

    @Override
    public Long sDiffStore(byte[] destKey, byte[]... keys) {
        Arguments.notNull(destKey, "Destination key");
        Arguments.noNullElements(keys, "Source keys");
        if (!CrossSlot.computedInClient(connection, CrossSlot.merge(destKey, keys))) {
            return super.sDiffStore(destKey, keys);
        }
        return store(destKey, sDiff(keys));
    }

    /** SADD of {@code members} to {@code destKey} (no write when empty), as Spring's cluster drivers store a result. */
    private Long store(byte[] destKey, Set<byte[]> members) {
        return members.isEmpty() ? 0L : sAdd(destKey, members.toArray(new byte[0][]));
    }
}
