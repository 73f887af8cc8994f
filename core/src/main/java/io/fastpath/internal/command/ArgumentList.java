package io.fastpath.internal.command;

import io.fastpath.RedisArgumentException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Collects a command's arguments as bytes, on the caller's thread, and builds the {@link CommandSpec}.
 * The first key added becomes the routing key.
 */
public final class ArgumentList {
    private static final byte[][] SMALL_INTEGERS = new byte[1024][];

    static {
        for (int i = 0; i < SMALL_INTEGERS.length; i++) {
            SMALL_INTEGERS[i] = Integer.toString(i).getBytes(StandardCharsets.US_ASCII);
        }
    }

    /** Encoded command names, computed once per name: every command of a kind shares the same arrays. */
    private static final java.util.concurrent.ConcurrentHashMap<String, byte[][]> NAME_WORDS =
            new java.util.concurrent.ConcurrentHashMap<>();

    private final String name;
    private byte[][] args;
    private int size;
    private byte[] routingKey;
    /** Bytes of the longest argument so far: kept as each is added, so no later pass measures them. */
    private int largestArgument;

    public ArgumentList(String name, int expectedSize) {
        this.name = name;
        this.args = new byte[Math.max(expectedSize, 2)][];
        for (byte[] word : NAME_WORDS.computeIfAbsent(name, ArgumentList::nameWords)) {
            add(word);
        }
    }

    public ArgumentList add(byte[] argument) {
        if (argument == null) {
            throw new RedisArgumentException(name + ": an argument is null");
        }
        if (size == args.length) {
            args = Arrays.copyOf(args, size * 2);
        }
        args[size++] = argument;
        if (argument.length > largestArgument) {
            largestArgument = argument.length;
        }
        return this;
    }

    public ArgumentList addKey(byte[] key) {
        if (key == null) {
            throw new RedisArgumentException(name + ": a key is null");
        }
        if (routingKey == null) {
            routingKey = key;
        }
        return add(key);
    }

    public ArgumentList add(String text) {
        if (text == null) {
            throw new RedisArgumentException(name + ": an argument is null");
        }
        return add(text.getBytes(StandardCharsets.UTF_8));
    }

    /** A keyword such as {@code NX} or {@code WITHSCORES}. */
    public ArgumentList keyword(String keyword) {
        return add(ascii(keyword));
    }

    public ArgumentList add(long number) {
        if (number >= 0 && number < SMALL_INTEGERS.length) {
            return add(SMALL_INTEGERS[(int) number]);
        }
        return add(ascii(Long.toString(number)));
    }

    public ArgumentList add(double number) {
        if (Double.isNaN(number)) {
            throw new RedisArgumentException(name + ": NaN is not a valid number");
        }
        String text = number == Double.POSITIVE_INFINITY ? "+inf"
                : number == Double.NEGATIVE_INFINITY ? "-inf"
                : number == Math.rint(number) && Math.abs(number) < 1e15 ? Long.toString((long) number)
                : Double.toString(number);
        return add(ascii(text));
    }

    public int size() {
        return size;
    }

    public <T> CommandSpec<T> build(ReplyConverter<T> converter, boolean readOnly) {
        // 16 bytes per argument bound its RESP header and CRLF; past 2^31 - 1 bytes the command fits no buffer. Summed
        // only when the longest argument times the count could get there, so ordinary commands pay one multiplication.
        if ((long) largestArgument * size + 16L * (size + 1) > Integer.MAX_VALUE) {
            long total = 16L * (size + 1);
            for (int i = 0; i < size; i++) {
                total += args[i].length;
            }
            if (total > Integer.MAX_VALUE) {
                throw new RedisArgumentException(name + ": its arguments total " + total + " bytes, more than one command "
                        + "can carry (2 GB encoded); send the values in several commands");
            }
        }
        byte[][] exact = size == args.length ? args : Arrays.copyOf(args, size);
        return new CommandSpec<>(name, exact, converter, routingKey, readOnly, false, CommandSpec.bits(largestArgument));
    }

    public <T> CommandSpec<T> read(ReplyConverter<T> converter) {
        return build(converter, true);
    }

    public <T> CommandSpec<T> write(ReplyConverter<T> converter) {
        return build(converter, false);
    }

    private static byte[][] nameWords(String name) {
        String[] words = name.split(" "); // "CLIENT SETNAME" is two arguments
        byte[][] encoded = new byte[words.length][];
        for (int i = 0; i < words.length; i++) {
            encoded[i] = ascii(words[i]);
        }
        return encoded;
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }
}
