package io.fastpath.spring;

import static io.fastpath.spring.FastpathConnection.command;
import static io.fastpath.spring.FastpathConnection.typed;

import java.util.List;
import java.util.Map;
import org.springframework.data.domain.Range;
import org.springframework.data.redis.connection.BitFieldSubCommands;
import org.springframework.data.redis.connection.BitFieldSubCommands.BitFieldGet;
import org.springframework.data.redis.connection.BitFieldSubCommands.BitFieldIncrBy;
import org.springframework.data.redis.connection.BitFieldSubCommands.BitFieldSet;
import org.springframework.data.redis.connection.BitFieldSubCommands.BitFieldSubCommand;
import org.springframework.data.redis.connection.RedisStringCommands;
import org.springframework.data.redis.core.types.Expiration;

/** String commands; GET and SET (the template's hot path) through Fastpath's typed builders. */
class FastpathStringCommands implements RedisStringCommands {
    private final FastpathConnection connection;

    FastpathStringCommands(FastpathConnection connection) {
        this.connection = connection;
    }

    @Override
    public byte[] get(byte[] key) {
        return connection.invoke(typed().get(key));
    }

    @Override
    public byte[] getDel(byte[] key) {
        return connection.invoke(command("GETDEL", key), Replies::toBytes);
    }

    @Override
    public byte[] getEx(byte[] key, Expiration expiration) {
        Arguments.notNull(expiration, "Expiration");
        return connection.invoke(new Words("GETEX", key).add(getExOptions(expiration)).build(), Replies::toBytes);
    }

    @Override
    public byte[] getSet(byte[] key, byte[] value) {
        return connection.invoke(command("GETSET", key, value), Replies::toBytes);
    }

    @Override
    public List<byte[]> mGet(byte[]... keys) {
        Arguments.noNullElements(keys, "Keys");
        return connection.invoke(typed().mget(keys));
    }

    @Override
    public Boolean set(byte[] key, byte[] value) {
        return connection.invoke(typed().set(key, value));
    }

    @Override
    public Boolean set(byte[] key, byte[] value, Expiration expiration, SetOption option) {
        Arguments.notNull(expiration, "Expiration");
        Arguments.notNull(option, "Option");
        return connection.invoke(new Words("SET", key, value).add(setOptions(expiration, option)).build(), Replies::toBoolean);
    }

    @Override
    public byte[] setGet(byte[] key, byte[] value, Expiration expiration, SetOption option) {
        Arguments.notNull(expiration, "Expiration");
        Arguments.notNull(option, "Option");
        return connection.invoke(new Words("SET", key, value).add(setOptions(expiration, option)).add("GET").build(),
                Replies::toBytes);
    }

    @Override
    public Boolean setNX(byte[] key, byte[] value) {
        return connection.invoke(command("SETNX", key, value), Replies::toBoolean);
    }

    @Override
    public Boolean setEx(byte[] key, long seconds, byte[] value) {
        return connection.invoke(command("SETEX", key, seconds, value), Replies::toBoolean);
    }

    @Override
    public Boolean pSetEx(byte[] key, long milliseconds, byte[] value) {
        return connection.invoke(command("PSETEX", key, milliseconds, value), Replies::toBoolean);
    }

    @Override
    public Boolean mSet(Map<byte[], byte[]> tuple) {
        Arguments.notNull(tuple, "Tuple");
        if (tuple.isEmpty()) { // the server's arity error, as before: the typed builder would refuse it unsent
            return connection.invoke(command("MSET"), Replies::toBoolean);
        }
        // The typed builder, not Words: one pass into the argument array with no per-word checks or command-table
        // lookup (scenario k, multiSet of 1,000 pairs: Words, flatten and the generic builder were a tenth of the CPU).
        // Its codec refuses a null key or value with RedisArgumentException, an IllegalArgumentException as Spring's
        // drivers throw, before anything is sent: no pass of our own over the map first.
        return connection.invoke(typed().mset(tuple), MSET_DONE);
    }

    @Override
    public Boolean mSetNX(Map<byte[], byte[]> tuple) {
        Arguments.notNull(tuple, "Tuple");
        if (tuple.isEmpty()) {
            return connection.invoke(command("MSETNX"), Replies::toBoolean);
        }
        return connection.invoke(typed().msetnx(tuple)); // as mSet
    }

    /** MSET only ever answers OK, which Spring reports as true. */
    private static final java.util.function.Function<Void, Boolean> MSET_DONE = ok -> Boolean.TRUE;

    @Override
    public Long incr(byte[] key) {
        return connection.invoke(typed().incr(key));
    }

    @Override
    public Long incrBy(byte[] key, long value) {
        return connection.invoke(typed().incrBy(key, value));
    }

    @Override
    public Double incrBy(byte[] key, double value) {
        return connection.invoke(command("INCRBYFLOAT", key, Words.formatDouble(value)), Replies::toDouble);
    }

    @Override
    public Long decr(byte[] key) {
        return connection.invoke(typed().decr(key));
    }

    @Override
    public Long decrBy(byte[] key, long value) {
        return connection.invoke(typed().decrBy(key, value));
    }

    @Override
    public Long append(byte[] key, byte[] value) {
        return connection.invoke(command("APPEND", key, value), Replies::toLong);
    }

    @Override
    public byte[] getRange(byte[] key, long start, long end) {
        return connection.invoke(command("GETRANGE", key, start, end), Replies::toBytes);
    }

    @Override
    public void setRange(byte[] key, byte[] value, long offset) {
        connection.invokeStatus(command("SETRANGE", key, offset, value));
    }

    @Override
    public Boolean getBit(byte[] key, long offset) {
        return connection.invoke(command("GETBIT", key, offset), Replies::toBoolean);
    }

    @Override
    public Boolean setBit(byte[] key, long offset, boolean value) {
        return connection.invoke(command("SETBIT", key, offset, value ? 1 : 0), Replies::toBoolean);
    }

    @Override
    public Long bitCount(byte[] key) {
        return connection.invoke(command("BITCOUNT", key), Replies::toLong);
    }

    @Override
    public Long bitCount(byte[] key, long start, long end) {
        return connection.invoke(command("BITCOUNT", key, start, end), Replies::toLong);
    }

    @Override
    public List<Long> bitField(byte[] key, BitFieldSubCommands subCommands) {
        Arguments.notNull(subCommands, "SubCommands");
        Words words = new Words("BITFIELD", key);
        for (BitFieldSubCommand sub : subCommands) {
            String type = sub.getType().asString();
            String offset = sub.getOffset().asString();
            if (sub instanceof BitFieldGet) {
                words.add("GET", type, offset);
            } else if (sub instanceof BitFieldSet set) {
                words.add("SET", type, offset, set.getValue());
            } else if (sub instanceof BitFieldIncrBy incr) {
                if (incr.getOverflow() != null) {
                    words.add("OVERFLOW", incr.getOverflow().name());
                }
                words.add("INCRBY", type, offset, incr.getValue());
            }
        }
        return connection.invoke(words.build(), Replies::toLongList);
    }

    @Override
    public Long bitOp(BitOperation op, byte[] destination, byte[]... keys) {
        Arguments.notNull(op, "BitOperation");
        Arguments.notEmpty(keys, "Source keys");
        Arguments.check(op != BitOperation.NOT || keys.length == 1, "BITOP NOT takes exactly one source key");
        return connection.invoke(new Words("BITOP", op.name(), destination).add((Object[]) keys).build(), Replies::toLong);
    }

    @Override
    public Long bitPos(byte[] key, boolean bit, Range<Long> range) {
        Arguments.notNull(range, "Range");
        Words words = new Words("BITPOS", key, bit ? 1 : 0);
        if (range.getLowerBound().isBounded()) {
            words.add(range.getLowerBound().getValue().get());
            if (range.getUpperBound().isBounded()) {
                words.add(range.getUpperBound().getValue().get());
            }
        }
        return connection.invoke(words.build(), Replies::toLong);
    }

    @Override
    public Long strLen(byte[] key) {
        return connection.invoke(command("STRLEN", key), Replies::toLong);
    }

    static Object[] flatten(Map<byte[], byte[]> tuple) {
        Object[] words = new Object[tuple.size() * 2];
        int i = 0;
        for (Map.Entry<byte[], byte[]> entry : tuple.entrySet()) {
            words[i++] = entry.getKey();
            words[i++] = entry.getValue();
        }
        return words;
    }

    /** SET's expiry and condition words. */
    static Object[] setOptions(Expiration expiration, SetOption option) {
        Words words = new Words();
        if (expiration != null && !expiration.isPersistent()) {
            words.add(expirationWords(expiration, false));
        }
        if (option == SetOption.SET_IF_ABSENT) {
            words.add("NX");
        } else if (option == SetOption.SET_IF_PRESENT) {
            words.add("XX");
        }
        return words.toArray();
    }

    static Object[] getExOptions(Expiration expiration) {
        if (expiration == null || expiration.isPersistent()) {
            return new Object[] {"PERSIST"};
        }
        return expirationWords(expiration, true);
    }

    /** EX/PX/EXAT/PXAT n, or KEEPTTL (which GETEX does not know). */
    static Object[] expirationWords(Expiration expiration, boolean getEx) {
        // Expiration.isPrecise() in Spring Data Redis 4.0; this module also runs on 3.5, which lacks it
        boolean precise = expiration.getTimeUnit() == java.util.concurrent.TimeUnit.MILLISECONDS;
        if (expiration.isKeepTtl()) {
            return getEx ? new Object[0] : new Object[] {"KEEPTTL"};
        }
        if (expiration.isUnixTimestamp()) {
            return precise ? new Object[] {"PXAT", expiration.getExpirationTimeInMilliseconds()}
                    : new Object[] {"EXAT", expiration.getExpirationTimeInSeconds()};
        }
        return precise ? new Object[] {"PX", expiration.getExpirationTimeInMilliseconds()}
                : new Object[] {"EX", expiration.getExpirationTimeInSeconds()};
    }

}
