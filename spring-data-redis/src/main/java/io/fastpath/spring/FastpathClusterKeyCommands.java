package io.fastpath.spring;

import java.util.List;
import org.springframework.data.redis.connection.SortParameters;

/**
 * Key commands on a cluster. Keys in one slot go as one native command; across slots RENAME and RENAMENX are DUMP,
 * RESTORE and DEL, as Spring's Lettuce and Jedis cluster connections do them (the key's time to live is not carried
 * over, and a missing source key is a no-op rather than the server's "no such key"), and SORT ... STORE sorts, then
 * replaces the destination with the sorted list. Caller thread only, like its connection.
 */
final class FastpathClusterKeyCommands extends FastpathKeyCommands {
    private final FastpathConnection connection;

    FastpathClusterKeyCommands(FastpathConnection connection) {
        super(connection);
        this.connection = connection;
    }

    @Override
    public void rename(byte[] oldKey, byte[] newKey) {
        Arguments.notNull(oldKey, "Old key");
        Arguments.notNull(newKey, "New key");
        if (!CrossSlot.computedInClient(connection, oldKey, newKey)) {
            super.rename(oldKey, newKey);
            return;
        }
        byte[] value = dump(oldKey);
        if (value != null && value.length > 0) {
            restore(newKey, 0, value, true);
            del(oldKey);
        }
    }

    @Override
    public Boolean renameNX(byte[] oldKey, byte[] newKey) {
        Arguments.notNull(oldKey, "Source key");
        Arguments.notNull(newKey, "Target key");
        if (!CrossSlot.computedInClient(connection, oldKey, newKey)) {
            return super.renameNX(oldKey, newKey);
        }
        byte[] value = dump(oldKey);
        if (value != null && value.length > 0 && !exists(newKey)) {
            restore(newKey, 0, value);
            del(oldKey);
            return Boolean.TRUE;
        }
        return Boolean.FALSE;
    }

    @Override
    public Long sort(byte[] key, SortParameters params, byte[] storeKey) {
        Arguments.notNull(key, "Key");
        Arguments.notNull(storeKey, "Store key");
        if (!CrossSlot.computedInClient(connection, key, storeKey)) {
            return super.sort(key, params, storeKey);
        }
        List<byte[]> sorted = sort(key, params);
        unlink(storeKey);
        // RPUSH keeps SORT ... STORE's order (Spring's drivers LPUSH, which stores it reversed)
        if (!sorted.isEmpty()) {
            connection.listCommands().rPush(storeKey, sorted.toArray(new byte[0][]));
        }
        return (long) sorted.size();
    }
}
