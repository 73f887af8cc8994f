package io.fastpath.spring;

import static io.fastpath.spring.FastpathConnection.command;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.springframework.data.redis.connection.DataType;
import org.springframework.data.redis.connection.ExpirationOptions;
import org.springframework.data.redis.connection.RedisKeyCommands;
import org.springframework.data.redis.connection.SortParameters;
import org.springframework.data.redis.connection.ValueEncoding;
import org.springframework.data.redis.core.Cursor;
import org.springframework.data.redis.core.KeyScanOptions;
import org.springframework.data.redis.core.ScanOptions;

/** Key commands; SCAN walks every primary of a cluster through Fastpath's cluster cursor. */
class FastpathKeyCommands implements RedisKeyCommands {
    private final FastpathConnection connection;

    FastpathKeyCommands(FastpathConnection connection) {
        this.connection = connection;
    }

    @Override
    public Boolean copy(byte[] sourceKey, byte[] targetKey, boolean replace) {
        return connection.invoke(new Words("COPY", sourceKey, targetKey).addIf(replace, "REPLACE").build(), Replies::toBoolean);
    }

    /** Spring's single-key form: its own command, so a pipeline or transaction collects a Boolean as the plain call returns. */
    @Override
    public Boolean exists(byte[] key) {
        return connection.invoke(command("EXISTS", key), Replies::toBoolean);
    }

    @Override
    public Long exists(byte[]... keys) {
        return connection.invoke(new Words("EXISTS").add((Object[]) keys).build(), Replies::toLong);
    }

    @Override
    public Long del(byte[]... keys) {
        return connection.invoke(new Words("DEL").add((Object[]) keys).build(), Replies::toLong);
    }

    @Override
    public Long unlink(byte[]... keys) {
        return connection.invoke(new Words("UNLINK").add((Object[]) keys).build(), Replies::toLong);
    }

    @Override
    public DataType type(byte[] key) {
        return connection.invoke(command("TYPE", key), reply -> DataType.fromCode(Replies.toText(reply)));
    }

    @Override
    public Long touch(byte[]... keys) {
        return connection.invoke(new Words("TOUCH").add((Object[]) keys).build(), Replies::toLong);
    }

    @Override
    public Set<byte[]> keys(byte[] pattern) {
        return connection.invoke(command("KEYS", pattern), Replies::toBytesSet);
    }

    @Override
    public Cursor<byte[]> scan(ScanOptions options) {
        return new ReplyScanCursor<>(options, (cursor, scanOptions) -> {
            Words words = new Words("SCAN", cursor).add(ReplyScanCursor.scanWords(scanOptions));
            if (scanOptions instanceof KeyScanOptions keyOptions && keyOptions.getType() != null) {
                words.add("TYPE", keyOptions.getType());
            }
            return connection.scanPage(words.build());
        }, Replies::toBytesList).open();
    }

    @Override
    public byte[] randomKey() {
        return connection.invoke(command("RANDOMKEY"), Replies::toBytes);
    }

    @Override
    public void rename(byte[] oldKey, byte[] newKey) {
        connection.invokeStatus(command("RENAME", oldKey, newKey));
    }

    @Override
    public Boolean renameNX(byte[] oldKey, byte[] newKey) {
        return connection.invoke(command("RENAMENX", oldKey, newKey), Replies::toBoolean);
    }

    @Override
    public Boolean expire(byte[] key, long seconds, ExpirationOptions.Condition condition) {
        Arguments.notNull(condition, "Condition");
        return expiry("EXPIRE", key, seconds, condition);
    }

    @Override
    public Boolean pExpire(byte[] key, long millis, ExpirationOptions.Condition condition) {
        Arguments.notNull(condition, "Condition");
        return expiry("PEXPIRE", key, millis, condition);
    }

    @Override
    public Boolean expireAt(byte[] key, long unixTime, ExpirationOptions.Condition condition) {
        Arguments.notNull(condition, "Condition");
        return expiry("EXPIREAT", key, unixTime, condition);
    }

    @Override
    public Boolean pExpireAt(byte[] key, long unixTimeInMillis, ExpirationOptions.Condition condition) {
        Arguments.notNull(condition, "Condition");
        return expiry("PEXPIREAT", key, unixTimeInMillis, condition);
    }

    private Boolean expiry(String name, byte[] key, long time, ExpirationOptions.Condition condition) {
        Words words = new Words(name, key, time);
        if (condition != null && condition != ExpirationOptions.Condition.ALWAYS) {
            words.add(condition.name());
        }
        return connection.invoke(words.build(), Replies::toBoolean);
    }

    @Override
    public Boolean persist(byte[] key) {
        return connection.invoke(command("PERSIST", key), Replies::toBoolean);
    }

    @Override
    public Boolean move(byte[] key, int dbIndex) {
        return connection.invoke(command("MOVE", key, dbIndex), Replies::toBoolean);
    }

    @Override
    public Long ttl(byte[] key) {
        return connection.invoke(command("TTL", key), Replies::toLong);
    }

    @Override
    public Long ttl(byte[] key, TimeUnit timeUnit) {
        Arguments.notNull(timeUnit, "TimeUnit");
        return connection.invoke(command("TTL", key), reply -> inUnit(Replies.toLong(reply), TimeUnit.SECONDS, timeUnit));
    }

    @Override
    public Long pTtl(byte[] key) {
        return connection.invoke(command("PTTL", key), Replies::toLong);
    }

    @Override
    public Long pTtl(byte[] key, TimeUnit timeUnit) {
        Arguments.notNull(timeUnit, "TimeUnit");
        return connection.invoke(command("PTTL", key), reply -> inUnit(Replies.toLong(reply), TimeUnit.MILLISECONDS, timeUnit));
    }

    /** A TTL in another unit; -1 (no expiry) and -2 (no key) stay as they are, as Spring's converters keep them. */
    static Long inUnit(Long value, TimeUnit from, TimeUnit to) {
        if (value == null || value < 0) {
            return value;
        }
        return to.convert(value, from);
    }

    @Override
    public List<byte[]> sort(byte[] key, SortParameters params) {
        return connection.invoke(new Words("SORT", key).add(sortWords(params)).build(), Replies::toBytesList);
    }

    @Override
    public Long sort(byte[] key, SortParameters params, byte[] storeKey) {
        return connection.invoke(new Words("SORT", key).add(sortWords(params)).add("STORE", storeKey).build(), Replies::toLong);
    }

    private static Object[] sortWords(SortParameters params) {
        Words words = new Words();
        if (params == null) {
            return words.toArray();
        }
        if (params.getByPattern() != null) {
            words.add("BY", params.getByPattern());
        }
        if (params.getLimit() != null) {
            words.add("LIMIT", params.getLimit().getStart(), params.getLimit().getCount());
        }
        if (params.getGetPattern() != null) {
            for (byte[] pattern : params.getGetPattern()) {
                words.add("GET", pattern);
            }
        }
        if (params.getOrder() != null) {
            words.add(params.getOrder().name());
        }
        if (Boolean.TRUE.equals(params.isAlphabetic())) {
            words.add("ALPHA");
        }
        return words.toArray();
    }

    @Override
    public byte[] dump(byte[] key) {
        return connection.invoke(command("DUMP", key), Replies::toBytes);
    }

    @Override
    public void restore(byte[] key, long ttlInMillis, byte[] serializedValue, boolean replace) {
        connection.invokeStatus(new Words("RESTORE", key, ttlInMillis, serializedValue).addIf(replace, "REPLACE").build());
    }

    @Override
    public ValueEncoding encodingOf(byte[] key) {
        return connection.invoke(command("OBJECT", "ENCODING", key), reply -> ValueEncoding.of(Replies.toText(reply)));
    }

    @Override
    public Duration idletime(byte[] key) {
        return connection.invoke(command("OBJECT", "IDLETIME", key), reply -> {
            Long seconds = Replies.toLong(reply);
            return seconds == null ? null : Duration.ofSeconds(seconds);
        });
    }

    @Override
    public Long refcount(byte[] key) {
        return connection.invoke(command("OBJECT", "REFCOUNT", key), Replies::toLong);
    }

}
