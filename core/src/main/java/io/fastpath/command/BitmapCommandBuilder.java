package io.fastpath.command;

import io.fastpath.RedisArgumentException;
import io.fastpath.RedisCodec;
import io.fastpath.internal.command.ArgumentList;
import io.fastpath.internal.command.CommandArguments;
import io.fastpath.internal.command.Converters;
import java.util.List;

/** Builds the bitmap commands. Offsets are bit offsets; ranges are byte ranges unless {@link BitUnit#BIT} is given. */
public interface BitmapCommandBuilder<K, V> {

    RedisCodec<K, V> codec();

    /** SETBIT; the bit's previous value. */
    default Command<Boolean> setbit(K key, long offset, boolean value) {
        return new ArgumentList("SETBIT", 4).addKey(codec().encodeKey(key))
                .add(CommandArguments.requireNotNegative("SETBIT", "the offset", offset)).add(value ? 1 : 0)
                .write(Converters.BOOLEAN);
    }

    /** GETBIT; false beyond the end of the string or for a missing key. */
    default Command<Boolean> getbit(K key, long offset) {
        return new ArgumentList("GETBIT", 3).addKey(codec().encodeKey(key))
                .add(CommandArguments.requireNotNegative("GETBIT", "the offset", offset)).read(Converters.BOOLEAN);
    }

    /** BITCOUNT of the whole string; 0 for a missing key. */
    default Command<Long> bitcount(K key) {
        return new ArgumentList("BITCOUNT", 2).addKey(codec().encodeKey(key)).read(Converters.LONG);
    }

    /** BITCOUNT of the bytes from {@code start} to {@code end}, inclusive; negative offsets count from the end. */
    default Command<Long> bitcount(K key, long start, long end) {
        return new ArgumentList("BITCOUNT", 4).addKey(codec().encodeKey(key)).add(start).add(end).read(Converters.LONG);
    }

    /** BITCOUNT of a range in bytes or bits. */
    default Command<Long> bitcount(K key, long start, long end, BitUnit unit) {
        return new ArgumentList("BITCOUNT", 5).addKey(codec().encodeKey(key)).add(start).add(end)
                .keyword(CommandArguments.requireNotNull("BITCOUNT", "the unit", unit).name()).read(Converters.LONG);
    }

    /**
     * BITPOS: the position of the first bit set to {@code bit}; -1 when there is none. Looking for a 0 in
     * a string of ones answers the bit just past its end; a missing key holds only zeros.
     */
    default Command<Long> bitpos(K key, boolean bit) {
        return new ArgumentList("BITPOS", 3).addKey(codec().encodeKey(key)).add(bit ? 1 : 0).read(Converters.LONG);
    }

    /** BITPOS from byte {@code start} to the end. */
    default Command<Long> bitpos(K key, boolean bit, long start) {
        return new ArgumentList("BITPOS", 4).addKey(codec().encodeKey(key)).add(bit ? 1 : 0).add(start)
                .read(Converters.LONG);
    }

    /** BITPOS within a range in bytes or bits; -1 when the range holds no such bit. */
    default Command<Long> bitpos(K key, boolean bit, long start, long end, BitUnit unit) {
        return new ArgumentList("BITPOS", 6).addKey(codec().encodeKey(key)).add(bit ? 1 : 0).add(start).add(end)
                .keyword(CommandArguments.requireNotNull("BITPOS", "the unit", unit).name()).read(Converters.LONG);
    }

    /** BITOP; stores the result in {@code destination} and answers its length in bytes. NOT takes one source. */
    default Command<Long> bitop(BitOperation operation, K destination, List<K> sources) {
        CommandArguments.requireNotNull("BITOP", "the operation", operation);
        CommandArguments.requireNotEmpty("BITOP", sources, "source key");
        if (operation == BitOperation.NOT && sources.size() != 1) {
            throw new RedisArgumentException("BITOP: NOT takes exactly one source key, got " + sources.size());
        }
        ArgumentList arguments = new ArgumentList("BITOP", sources.size() + 3).keyword(operation.name())
                .addKey(codec().encodeKey(destination));
        for (K source : sources) {
            arguments.addKey(codec().encodeKey(source));
        }
        return arguments.write(Converters.LONG);
    }

    /**
     * BITFIELD; one entry per GET, SET and INCRBY, in order: the value read, the previous value, or the
     * new value; null where OVERFLOW FAIL skipped the operation.
     */
    default Command<List<Long>> bitfield(K key, BitFieldArgs operations) {
        ArgumentList arguments = new ArgumentList("BITFIELD", 16).addKey(codec().encodeKey(key));
        CommandArguments.requireNotNull("BITFIELD", "the operations", operations).appendTo(arguments);
        return arguments.write(Converters.LONG_OR_NULL_LIST);
    }
}
