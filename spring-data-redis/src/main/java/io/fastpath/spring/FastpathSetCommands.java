package io.fastpath.spring;

import static io.fastpath.spring.FastpathConnection.command;

import java.util.List;
import java.util.Set;
import org.springframework.data.redis.connection.RedisSetCommands;
import org.springframework.data.redis.core.Cursor;
import org.springframework.data.redis.core.ScanOptions;

/** Set commands. */
class FastpathSetCommands implements RedisSetCommands {
    private final FastpathConnection connection;

    FastpathSetCommands(FastpathConnection connection) {
        this.connection = connection;
    }

    @Override
    public Long sAdd(byte[] key, byte[]... values) {
        return connection.invoke(new Words("SADD", key).add((Object[]) values).build(), Replies::toLong);
    }

    @Override
    public Long sRem(byte[] key, byte[]... values) {
        return connection.invoke(new Words("SREM", key).add((Object[]) values).build(), Replies::toLong);
    }

    @Override
    public byte[] sPop(byte[] key) {
        return connection.invoke(command("SPOP", key), Replies::toBytes);
    }

    @Override
    public List<byte[]> sPop(byte[] key, long count) {
        return connection.invoke(command("SPOP", key, count), Replies::toBytesList);
    }

    @Override
    public Boolean sMove(byte[] srcKey, byte[] destKey, byte[] value) {
        return connection.invoke(command("SMOVE", srcKey, destKey, value), Replies::toBoolean);
    }

    @Override
    public Long sCard(byte[] key) {
        return connection.invoke(command("SCARD", key), Replies::toLong);
    }

    @Override
    public Boolean sIsMember(byte[] key, byte[] value) {
        return connection.invoke(command("SISMEMBER", key, value), Replies::toBoolean);
    }

    @Override
    public List<Boolean> sMIsMember(byte[] key, byte[]... values) {
        return connection.invoke(new Words("SMISMEMBER", key).add((Object[]) values).build(), Replies::toBooleanList);
    }

    @Override
    public Set<byte[]> sDiff(byte[]... keys) {
        return connection.invoke(new Words("SDIFF").add((Object[]) keys).build(), Replies::toBytesSet);
    }

    @Override
    public Long sDiffStore(byte[] destKey, byte[]... keys) {
        return connection.invoke(new Words("SDIFFSTORE", destKey).add((Object[]) keys).build(), Replies::toLong);
    }

    @Override
    public Set<byte[]> sInter(byte[]... keys) {
        return connection.invoke(new Words("SINTER").add((Object[]) keys).build(), Replies::toBytesSet);
    }

    @Override
    public Long sInterStore(byte[] destKey, byte[]... keys) {
        return connection.invoke(new Words("SINTERSTORE", destKey).add((Object[]) keys).build(), Replies::toLong);
    }

    @Override
    public Long sInterCard(byte[]... keys) {
        Arguments.notNull(keys, "Keys");
        return connection.invoke(new Words("SINTERCARD", keys.length).add((Object[]) keys).build(), Replies::toLong);
    }

    @Override
    public Set<byte[]> sUnion(byte[]... keys) {
        return connection.invoke(new Words("SUNION").add((Object[]) keys).build(), Replies::toBytesSet);
    }

    @Override
    public Long sUnionStore(byte[] destKey, byte[]... keys) {
        return connection.invoke(new Words("SUNIONSTORE", destKey).add((Object[]) keys).build(), Replies::toLong);
    }

    @Override
    public Set<byte[]> sMembers(byte[] key) {
        return connection.invoke(command("SMEMBERS", key), Replies::toBytesSet);
    }

    @Override
    public byte[] sRandMember(byte[] key) {
        return connection.invoke(command("SRANDMEMBER", key), Replies::toBytes);
    }

    @Override
    public List<byte[]> sRandMember(byte[] key, long count) {
        return connection.invoke(command("SRANDMEMBER", key, count), Replies::toBytesList);
    }

    @Override
    public Cursor<byte[]> sScan(byte[] key, ScanOptions options) {
        return new ReplyScanCursor<>(options, (cursor, scanOptions) -> connection.scanPage(
                new Words("SSCAN", key, cursor).add(ReplyScanCursor.scanWords(scanOptions)).build()),
                Replies::toBytesList).open();
    }
}
