package io.fastpath.spring;

import static io.fastpath.spring.FastpathConnection.command;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.springframework.data.redis.connection.ExpirationOptions;
import org.springframework.data.redis.connection.RedisHashCommands;
import org.springframework.data.redis.core.Cursor;
import org.springframework.data.redis.core.ScanOptions;
import org.springframework.data.redis.core.types.Expiration;

/** Hash commands; the field-expiry ones (HEXPIRE...) need a server that has them (Redis 7.4, Valkey 9). */
final class FastpathHashCommands implements RedisHashCommands {
    private final FastpathConnection connection;

    FastpathHashCommands(FastpathConnection connection) {
        this.connection = connection;
    }

    @Override
    public Boolean hSet(byte[] key, byte[] field, byte[] value) {
        return connection.invoke(command("HSET", key, field, value), Replies::toBoolean);
    }

    @Override
    public Boolean hSetNX(byte[] key, byte[] field, byte[] value) {
        return connection.invoke(command("HSETNX", key, field, value), Replies::toBoolean);
    }

    @Override
    public byte[] hGet(byte[] key, byte[] field) {
        return connection.invoke(command("HGET", key, field), Replies::toBytes);
    }

    @Override
    public List<byte[]> hMGet(byte[] key, byte[]... fields) {
        return connection.invoke(new Words("HMGET", key).add((Object[]) fields).build(), Replies::toBytesList);
    }

    @Override
    public void hMSet(byte[] key, Map<byte[], byte[]> hashes) {
        connection.invokeStatus(new Words("HSET", key).add(FastpathStringCommands.flatten(hashes)).build());
    }

    @Override
    public Long hIncrBy(byte[] key, byte[] field, long delta) {
        return connection.invoke(command("HINCRBY", key, field, delta), Replies::toLong);
    }

    @Override
    public Double hIncrBy(byte[] key, byte[] field, double delta) {
        return connection.invoke(command("HINCRBYFLOAT", key, field, Words.formatDouble(delta)), Replies::toDouble);
    }

    @Override
    public Boolean hExists(byte[] key, byte[] field) {
        return connection.invoke(command("HEXISTS", key, field), Replies::toBoolean);
    }

    @Override
    public Long hDel(byte[] key, byte[]... fields) {
        return connection.invoke(new Words("HDEL", key).add((Object[]) fields).build(), Replies::toLong);
    }

    @Override
    public Long hLen(byte[] key) {
        return connection.invoke(command("HLEN", key), Replies::toLong);
    }

    @Override
    public Set<byte[]> hKeys(byte[] key) {
        return connection.invoke(command("HKEYS", key), Replies::toBytesSet);
    }

    @Override
    public List<byte[]> hVals(byte[] key) {
        return connection.invoke(command("HVALS", key), Replies::toBytesList);
    }

    @Override
    public Map<byte[], byte[]> hGetAll(byte[] key) {
        return connection.invoke(command("HGETALL", key), Replies::toBytesMap);
    }

    @Override
    public byte[] hRandField(byte[] key) {
        return connection.invoke(command("HRANDFIELD", key), Replies::toBytes);
    }

    @Override
    public Map.Entry<byte[], byte[]> hRandFieldWithValues(byte[] key) {
        return connection.invoke(command("HRANDFIELD", key, 1, "WITHVALUES"), reply -> {
            List<Map.Entry<byte[], byte[]>> entries = Replies.toEntries(reply);
            return entries == null || entries.isEmpty() ? null : entries.get(0);
        });
    }

    @Override
    public List<byte[]> hRandField(byte[] key, long count) {
        return connection.invoke(command("HRANDFIELD", key, count), Replies::toBytesList);
    }

    @Override
    public List<Map.Entry<byte[], byte[]>> hRandFieldWithValues(byte[] key, long count) {
        return connection.invoke(command("HRANDFIELD", key, count, "WITHVALUES"), Replies::toEntries);
    }

    @Override
    public Cursor<Map.Entry<byte[], byte[]>> hScan(byte[] key, ScanOptions options) {
        return new ReplyScanCursor<>(options, (cursor, scanOptions) -> connection.scanPage(
                new Words("HSCAN", key, cursor).add(ReplyScanCursor.scanWords(scanOptions)).build()),
                Replies::toEntries).open();
    }

    @Override
    public Long hStrLen(byte[] key, byte[] field) {
        return connection.invoke(command("HSTRLEN", key, field), Replies::toLong);
    }

    @Override
    public List<Long> hExpire(byte[] key, long seconds, ExpirationOptions.Condition condition, byte[]... fields) {
        Arguments.notNull(condition, "Condition");
        Arguments.notNull(fields, "Fields");
        return fieldExpiry("HEXPIRE", key, seconds, condition, fields);
    }

    @Override
    public List<Long> hpExpire(byte[] key, long millis, ExpirationOptions.Condition condition, byte[]... fields) {
        Arguments.notNull(condition, "Condition");
        Arguments.notNull(fields, "Fields");
        return fieldExpiry("HPEXPIRE", key, millis, condition, fields);
    }

    @Override
    public List<Long> hExpireAt(byte[] key, long unixTime, ExpirationOptions.Condition condition, byte[]... fields) {
        Arguments.notNull(condition, "Condition");
        Arguments.notNull(fields, "Fields");
        return fieldExpiry("HEXPIREAT", key, unixTime, condition, fields);
    }

    @Override
    public List<Long> hpExpireAt(byte[] key, long unixTimeInMillis, ExpirationOptions.Condition condition, byte[]... fields) {
        Arguments.notNull(condition, "Condition");
        Arguments.notNull(fields, "Fields");
        return fieldExpiry("HPEXPIREAT", key, unixTimeInMillis, condition, fields);
    }

    private List<Long> fieldExpiry(String name, byte[] key, long time, ExpirationOptions.Condition condition, byte[][] fields) {
        Words words = new Words(name, key, time);
        if (condition != null && condition != ExpirationOptions.Condition.ALWAYS) {
            words.add(condition.name());
        }
        return connection.invoke(words.add("FIELDS", fields.length).add((Object[]) fields).build(), Replies::toLongList);
    }

    @Override
    public List<Long> hPersist(byte[] key, byte[]... fields) {
        Arguments.notNull(fields, "Fields");
        return connection.invoke(fieldsCommand("HPERSIST", key, fields), Replies::toLongList);
    }

    @Override
    public List<Long> hTtl(byte[] key, byte[]... fields) {
        Arguments.notNull(fields, "Fields");
        return connection.invoke(fieldsCommand("HTTL", key, fields), Replies::toLongList);
    }

    @Override
    public List<Long> hTtl(byte[] key, TimeUnit timeUnit, byte[]... fields) {
        Arguments.notNull(fields, "Fields");
        Arguments.notNull(timeUnit, "TimeUnit");
        return connection.invoke(fieldsCommand("HTTL", key, fields), reply -> Replies.toList(reply,
                each -> FastpathKeyCommands.inUnit(Replies.toLong(each), TimeUnit.SECONDS, timeUnit)));
    }

    @Override
    public List<Long> hpTtl(byte[] key, byte[]... fields) {
        Arguments.notNull(fields, "Fields");
        return connection.invoke(fieldsCommand("HPTTL", key, fields), Replies::toLongList);
    }

    @Override
    public List<byte[]> hGetDel(byte[] key, byte[]... fields) {
        Arguments.notNull(fields, "Fields");
        return connection.invoke(fieldsCommand("HGETDEL", key, fields), Replies::toBytesList);
    }

    @Override
    public List<byte[]> hGetEx(byte[] key, Expiration expiration, byte[]... fields) {
        Arguments.notNull(fields, "Fields");
        Words words = new Words("HGETEX", key).add(FastpathStringCommands.getExOptions(expiration));
        return connection.invoke(words.add("FIELDS", fields.length).add((Object[]) fields).build(), Replies::toBytesList);
    }

    @Override
    public Boolean hSetEx(byte[] key, Map<byte[], byte[]> hashes, HashFieldSetOption hashFieldSetOption, Expiration expiration) {
        Arguments.notNull(hashFieldSetOption, "HashFieldSetOption");
        Arguments.notNull(hashes, "Hashes");
        Words words = new Words("HSETEX", key);
        if (hashFieldSetOption == HashFieldSetOption.IF_NONE_EXIST) {
            words.add("FNX");
        } else if (hashFieldSetOption == HashFieldSetOption.IF_ALL_EXIST) {
            words.add("FXX");
        }
        if (expiration != null && !expiration.isPersistent()) {
            words.add(FastpathStringCommands.expirationWords(expiration, false));
        }
        words.add("FIELDS", hashes.size()).add(FastpathStringCommands.flatten(hashes));
        return connection.invoke(words.build(), Replies::toBoolean);
    }

    private static io.fastpath.command.Command<io.fastpath.command.Reply> fieldsCommand(String name, byte[] key, byte[][] fields) {
        return new Words(name, key, "FIELDS", fields.length).add((Object[]) fields).build();
    }
}
