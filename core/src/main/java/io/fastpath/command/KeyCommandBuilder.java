package io.fastpath.command;

import io.fastpath.RedisArgumentException;
import io.fastpath.RedisCodec;
import io.fastpath.internal.command.ArgumentList;
import io.fastpath.internal.command.CommandArguments;
import io.fastpath.internal.command.Converters;
import io.fastpath.internal.views.Views;
import java.util.List;

/** Builds the key-space commands (any type of key); arguments are validated and encoded on the caller's thread. */
public interface KeyCommandBuilder<K, V> {

    RedisCodec<K, V> codec();

    /** DEL; the number of keys that existed and were removed. */
    @SuppressWarnings("unchecked")
    default Command<Long> del(K... keys) {
        return del(CommandArguments.list(keys));
    }

    default Command<Long> del(List<K> keys) {
        return CommandArguments.withKeys("DEL", codec(), keys, 0).write(Converters.LONG);
    }

    /** UNLINK: like DEL, but the memory is reclaimed in the background; the number of keys removed. */
    @SuppressWarnings("unchecked")
    default Command<Long> unlink(K... keys) {
        return unlink(CommandArguments.list(keys));
    }

    default Command<Long> unlink(List<K> keys) {
        return CommandArguments.withKeys("UNLINK", codec(), keys, 0).write(Converters.LONG);
    }

    /** EXISTS; how many of the keys exist, a key named twice counting twice. */
    @SuppressWarnings("unchecked")
    default Command<Long> exists(K... keys) {
        return exists(CommandArguments.list(keys));
    }

    default Command<Long> exists(List<K> keys) {
        return CommandArguments.withKeys("EXISTS", codec(), keys, 0).read(Converters.LONG);
    }

    /** TOUCH: updates the last access time; the number of keys that exist. */
    @SuppressWarnings("unchecked")
    default Command<Long> touch(K... keys) {
        return touch(CommandArguments.list(keys));
    }

    default Command<Long> touch(List<K> keys) {
        return CommandArguments.withKeys("TOUCH", codec(), keys, 0).read(Converters.LONG);
    }

    /**
     * Sets a time to live; false when the key does not exist (a zero or negative time deletes it and returns true).
     * Sent as EXPIRE in seconds when {@code ttl} is whole seconds, otherwise as PEXPIRE in milliseconds (the server
     * keeps milliseconds either way), so {@code Duration.ofMillis(1500)} means 1.5 s; a part below a millisecond is
     * refused with {@link RedisArgumentException}, as the server could not honour it.
     */
    default Command<Boolean> expire(K key, java.time.Duration ttl) {
        return ttlExpiry(key, ttl, null);
    }

    /** {@link #expire(Object, java.time.Duration)} with a condition; false when the key does not exist or the condition was not met. */
    default Command<Boolean> expire(K key, java.time.Duration ttl, ExpireCondition condition) {
        return ttlExpiry(key, ttl, CommandArguments.requireNotNull("EXPIRE", "the condition", condition));
    }

    /** PEXPIRE in milliseconds; false when the key does not exist. */
    default Command<Boolean> pexpire(K key, long milliseconds) {
        return expiry("PEXPIRE", key, milliseconds, null);
    }

    default Command<Boolean> pexpire(K key, long milliseconds, ExpireCondition condition) {
        return expiry("PEXPIRE", key, milliseconds, CommandArguments.requireNotNull("PEXPIRE", "the condition", condition));
    }

    /**
     * Expires the key at {@code time}; false when the key does not exist. Sent as EXPIREAT in Unix seconds when
     * {@code time} is on a whole second, otherwise as PEXPIREAT in Unix milliseconds; a part below a millisecond is
     * refused with {@link RedisArgumentException}.
     */
    default Command<Boolean> expireAt(K key, java.time.Instant time) {
        return instantExpiry(key, time, null);
    }

    /** {@link #expireAt(Object, java.time.Instant)} with a condition. */
    default Command<Boolean> expireAt(K key, java.time.Instant time, ExpireCondition condition) {
        return instantExpiry(key, time, CommandArguments.requireNotNull("EXPIREAT", "the condition", condition));
    }

    /** PEXPIREAT a Unix time in milliseconds; false when the key does not exist. */
    default Command<Boolean> pexpireAt(K key, long unixMilliseconds) {
        return expiry("PEXPIREAT", key, unixMilliseconds, null);
    }

    default Command<Boolean> pexpireAt(K key, long unixMilliseconds, ExpireCondition condition) {
        return expiry("PEXPIREAT", key, unixMilliseconds,
                CommandArguments.requireNotNull("PEXPIREAT", "the condition", condition));
    }

    /** EXPIRETIME: the Unix time in seconds the key expires at; -1 when it has no expiry, -2 when it does not exist. */
    default Command<Long> expireTime(K key) {
        return new ArgumentList("EXPIRETIME", 2).addKey(codec().encodeKey(key)).read(Converters.LONG);
    }

    /** PEXPIRETIME: like {@link #expireTime} in milliseconds; -1 without expiry, -2 when missing. */
    default Command<Long> pexpireTime(K key) {
        return new ArgumentList("PEXPIRETIME", 2).addKey(codec().encodeKey(key)).read(Converters.LONG);
    }

    /** TTL: seconds left; -1 when the key has no expiry, -2 when it does not exist. */
    default Command<Long> ttl(K key) {
        return new ArgumentList("TTL", 2).addKey(codec().encodeKey(key)).read(Converters.LONG);
    }

    /** PTTL: milliseconds left; -1 when the key has no expiry, -2 when it does not exist. */
    default Command<Long> pttl(K key) {
        return new ArgumentList("PTTL", 2).addKey(codec().encodeKey(key)).read(Converters.LONG);
    }

    /** PERSIST: removes the expiry; false when the key does not exist or had none. */
    default Command<Boolean> persist(K key) {
        return new ArgumentList("PERSIST", 2).addKey(codec().encodeKey(key)).write(Converters.BOOLEAN);
    }

    /** TYPE; {@link KeyType#NONE} when the key does not exist, {@link KeyType#UNKNOWN} for a module type. */
    default Command<KeyType> type(K key) {
        return new ArgumentList("TYPE", 2).addKey(codec().encodeKey(key))
                .read(Converters.andThen(Converters.STATUS, KeyType::fromWireName));
    }

    /** TYPE as the server's raw name, e.g. {@code string}, {@code none} or a module's type name. */
    default Command<String> typeName(K key) {
        return new ArgumentList("TYPE", 2).addKey(codec().encodeKey(key)).read(Converters.STATUS);
    }

    /** RENAME; fails with a server error when the source does not exist. Overwrites the destination. */
    default Command<Void> rename(K key, K newKey) {
        return new ArgumentList("RENAME", 3).addKey(codec().encodeKey(key)).addKey(codec().encodeKey(newKey))
                .write(Converters.OK);
    }

    /** RENAMENX; false when the new key already exists (nothing renamed). */
    default Command<Boolean> renamenx(K key, K newKey) {
        return new ArgumentList("RENAMENX", 3).addKey(codec().encodeKey(key)).addKey(codec().encodeKey(newKey))
                .write(Converters.BOOLEAN);
    }

    /** COPY; false when the source does not exist or the destination exists. */
    default Command<Boolean> copy(K source, K destination) {
        return copy(source, destination, false);
    }

    /** COPY, with REPLACE when {@code replace} is true; false when nothing was copied. */
    default Command<Boolean> copy(K source, K destination, boolean replace) {
        ArgumentList arguments = new ArgumentList("COPY", 4).addKey(codec().encodeKey(source))
                .addKey(codec().encodeKey(destination));
        if (replace) {
            arguments.keyword("REPLACE");
        }
        return arguments.write(Converters.BOOLEAN);
    }

    /** RANDOMKEY; null when the database is empty. */
    default Command<K> randomKey() {
        return new ArgumentList("RANDOMKEY", 1).read(Converters.key(codec()));
    }

    /** OBJECT ENCODING, e.g. {@code listpack} or {@code hashtable}; null when the key does not exist. */
    default Command<String> objectEncoding(K key) {
        return new ArgumentList("OBJECT ENCODING", 3).addKey(codec().encodeKey(key))
                .read(reply -> reply instanceof Reply.NullReply ? null : Converters.STATUS.convert(reply));
    }

    /** OBJECT IDLETIME: seconds since the key was last accessed; null when it does not exist. */
    @Views.NullableReply
    default Command<Long> objectIdleTime(K key) {
        return new ArgumentList("OBJECT IDLETIME", 3).addKey(codec().encodeKey(key)).read(Converters.LONG_OR_NULL);
    }

    /**
     * OBJECT FREQ: the key's access frequency counter; null when it does not exist. The server answers
     * with an error unless its maxmemory-policy is an LFU one.
     */
    @Views.NullableReply
    default Command<Long> objectFreq(K key) {
        return new ArgumentList("OBJECT FREQ", 3).addKey(codec().encodeKey(key)).read(Converters.LONG_OR_NULL);
    }

    /**
     * One SCAN page, starting at {@code cursor} ({@link ScanPage#INITIAL_CURSOR} for the first). A key may
     * appear in more than one page; see {@link ScanIterator}.
     */
    default Command<ScanPage<K>> scanPage(String cursor, ScanArgs options) {
        ArgumentList arguments = new ArgumentList("SCAN", 8).add(ScanArgs.requireCursor("SCAN", cursor));
        CommandArguments.requireNotNull("SCAN", "the options", options).appendTo(arguments, "SCAN");
        return arguments.read(Converters.scanPage(Converters.keyList(codec())));
    }

    private Command<Boolean> ttlExpiry(K key, java.time.Duration ttl, ExpireCondition condition) {
        CommandArguments.requireNotNull("EXPIRE", "ttl", ttl);
        if (ttl.getNano() == 0) {
            return expiry("EXPIRE", key, ttl.getSeconds(), condition);
        }
        return expiry("PEXPIRE", key, CommandArguments.wholeMillis("EXPIRE", "ttl", ttl), condition);
    }

    private Command<Boolean> instantExpiry(K key, java.time.Instant time, ExpireCondition condition) {
        CommandArguments.requireNotNull("EXPIREAT", "time", time);
        if (time.getNano() == 0) {
            return expiry("EXPIREAT", key, time.getEpochSecond(), condition);
        }
        if (time.getNano() % 1_000_000 != 0) {
            throw new RedisArgumentException("EXPIREAT: the server keeps milliseconds; " + time + " has a finer part");
        }
        return expiry("PEXPIREAT", key, time.toEpochMilli(), condition);
    }

    private Command<Boolean> expiry(String command, K key, long time, ExpireCondition condition) {
        ArgumentList arguments = new ArgumentList(command, 4).addKey(codec().encodeKey(key)).add(time);
        if (condition != null) {
            arguments.keyword(condition.name());
        }
        return arguments.write(Converters.BOOLEAN);
    }
}
