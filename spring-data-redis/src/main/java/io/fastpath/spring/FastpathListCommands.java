package io.fastpath.spring;

import static io.fastpath.spring.FastpathConnection.command;

import java.util.List;
import org.springframework.data.redis.connection.RedisListCommands;

/** List commands; the blocking pops run on Fastpath's blocking pool, never on a shared connection. */
class FastpathListCommands implements RedisListCommands {
    private final FastpathConnection connection;

    FastpathListCommands(FastpathConnection connection) {
        this.connection = connection;
    }

    @Override
    public Long rPush(byte[] key, byte[]... values) {
        return connection.invoke(new Words("RPUSH", key).add((Object[]) values).build(), Replies::toLong);
    }

    /** Spring's one-position form: LPOS without COUNT (a position or nil), so pipelined it collects a Long too. */
    @Override
    public Long lPos(byte[] key, byte[] element) {
        return connection.invoke(command("LPOS", key, element), Replies::toLong);
    }

    @Override
    public List<Long> lPos(byte[] key, byte[] element, Integer rank, Integer count) {
        Words words = new Words("LPOS", key, element);
        if (rank != null) {
            words.add("RANK", rank);
        }
        words.add("COUNT", count == null ? 1 : count); // COUNT always: the reply is then a list in every case
        return connection.invoke(words.build(), Replies::toLongList);
    }

    @Override
    public Long lPush(byte[] key, byte[]... values) {
        return connection.invoke(new Words("LPUSH", key).add((Object[]) values).build(), Replies::toLong);
    }

    @Override
    public Long rPushX(byte[] key, byte[] value) {
        return connection.invoke(command("RPUSHX", key, value), Replies::toLong);
    }

    @Override
    public Long lPushX(byte[] key, byte[] value) {
        return connection.invoke(command("LPUSHX", key, value), Replies::toLong);
    }

    @Override
    public Long lLen(byte[] key) {
        return connection.invoke(command("LLEN", key), Replies::toLong);
    }

    @Override
    public List<byte[]> lRange(byte[] key, long start, long end) {
        return connection.invoke(command("LRANGE", key, start, end), Replies::toBytesList);
    }

    @Override
    public void lTrim(byte[] key, long start, long end) {
        connection.invokeStatus(command("LTRIM", key, start, end));
    }

    @Override
    public byte[] lIndex(byte[] key, long index) {
        return connection.invoke(command("LINDEX", key, index), Replies::toBytes);
    }

    @Override
    public Long lInsert(byte[] key, Position where, byte[] pivot, byte[] value) {
        Arguments.notNull(where, "Where");
        return connection.invoke(command("LINSERT", key, where.name(), pivot, value), Replies::toLong);
    }

    @Override
    public byte[] lMove(byte[] sourceKey, byte[] destinationKey, Direction from, Direction to) {
        Arguments.notNull(from, "From");
        Arguments.notNull(to, "To");
        return connection.invoke(command("LMOVE", sourceKey, destinationKey, from.name(), to.name()), Replies::toBytes);
    }

    @Override
    public byte[] bLMove(byte[] sourceKey, byte[] destinationKey, Direction from, Direction to, double timeout) {
        Arguments.notNull(from, "From");
        Arguments.notNull(to, "To");
        return connection.invoke(command("BLMOVE", sourceKey, destinationKey, from.name(), to.name(),
                Words.formatDouble(timeout)), Replies::toBytes);
    }

    @Override
    public void lSet(byte[] key, long index, byte[] value) {
        connection.invokeStatus(command("LSET", key, index, value));
    }

    @Override
    public Long lRem(byte[] key, long count, byte[] value) {
        return connection.invoke(command("LREM", key, count, value), Replies::toLong);
    }

    @Override
    public byte[] lPop(byte[] key) {
        return connection.invoke(command("LPOP", key), Replies::toBytes);
    }

    @Override
    public List<byte[]> lPop(byte[] key, long count) {
        return connection.invoke(command("LPOP", key, count), Replies::toBytesList);
    }

    @Override
    public byte[] rPop(byte[] key) {
        return connection.invoke(command("RPOP", key), Replies::toBytes);
    }

    @Override
    public List<byte[]> rPop(byte[] key, long count) {
        return connection.invoke(command("RPOP", key, count), Replies::toBytesList);
    }

    @Override
    public List<byte[]> bLPop(int timeout, byte[]... keys) {
        return connection.invoke(new Words("BLPOP").add((Object[]) keys).add(timeout).build(), Replies::toBytesList);
    }

    @Override
    public List<byte[]> bRPop(int timeout, byte[]... keys) {
        return connection.invoke(new Words("BRPOP").add((Object[]) keys).add(timeout).build(), Replies::toBytesList);
    }

    @Override
    public byte[] rPopLPush(byte[] srcKey, byte[] dstKey) {
        return connection.invoke(command("RPOPLPUSH", srcKey, dstKey), Replies::toBytes);
    }

    @Override
    public byte[] bRPopLPush(int timeout, byte[] srcKey, byte[] dstKey) {
        return connection.invoke(command("BRPOPLPUSH", srcKey, dstKey, timeout), Replies::toBytes);
    }
}
