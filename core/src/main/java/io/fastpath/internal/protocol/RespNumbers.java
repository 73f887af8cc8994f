package io.fastpath.internal.protocol;

import io.fastpath.RedisProtocolException;
import io.netty.buffer.ByteBuf;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;

/**
 * Parses the numbers inside RESP lines straight from the buffer, validating every byte first so a
 * malformed number fails as a {@link RedisProtocolException} rather than as a Java parsing error.
 */
final class RespNumbers {

    private static final byte[] INFINITY = {'i', 'n', 'f'};
    private static final byte[] NOT_A_NUMBER = {'n', 'a', 'n'};

    private RespNumbers() {}

    /** Parses a signed decimal with overflow checks, scanning the bytes directly. */
    static long parseLong(ByteBuf in, int from, int to, byte type) {
        int index = from;
        boolean negative = false;
        if (index < to) {
            byte first = in.getByte(index);
            if (first == '-') {
                negative = true;
                index++;
            } else if (first == '+') {
                index++;
            }
        }
        if (index == to) {
            throw new RedisProtocolException("'" + (char) type + "' frame has no digits");
        }
        // Accumulates negatively, as Long.parseLong does, so Long.MIN_VALUE parses without overflow.
        long limit = negative ? Long.MIN_VALUE : -Long.MAX_VALUE;
        long smallestBeforeMultiply = limit / 10;
        long result = 0;
        for (; index < to; index++) {
            int digit = in.getByte(index) - '0';
            if (digit < 0 || digit > 9) {
                throw new RedisProtocolException(String.format("non-digit byte 0x%02x in '%c' frame",
                        (digit + '0') & 0xff, (char) type));
            }
            if (result < smallestBeforeMultiply) {
                throw numberOverflow(type);
            }
            result *= 10;
            if (result < limit + digit) {
                throw numberOverflow(type);
            }
            result -= digit;
        }
        return negative ? result : -result;
    }

    private static RedisProtocolException numberOverflow(byte type) {
        return new RedisProtocolException("number in '" + (char) type + "' frame overflows a 64-bit integer");
    }

    /** Parses a RESP3 double: a decimal with optional exponent, or {@code inf}, {@code -inf}, {@code nan}. */
    static double parseDouble(ByteBuf in, int from, int to) {
        int unsignedFrom = from < to && (in.getByte(from) == '-' || in.getByte(from) == '+') ? from + 1 : from;
        boolean negative = unsignedFrom > from && in.getByte(from) == '-';
        if (asciiEqualsIgnoreCase(in, unsignedFrom, to, INFINITY)) {
            return negative ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
        }
        if (asciiEqualsIgnoreCase(in, unsignedFrom, to, NOT_A_NUMBER)) {
            return Double.NaN;
        }
        boolean sawDigit = false;
        for (int index = unsignedFrom; index < to; index++) {
            byte current = in.getByte(index);
            if (current >= '0' && current <= '9') {
                sawDigit = true;
            } else if (current != '.' && current != 'e' && current != 'E' && current != '-' && current != '+') {
                throw new RedisProtocolException(String.format("byte 0x%02x is not valid in a double", current & 0xff));
            }
        }
        if (!sawDigit) {
            throw new RedisProtocolException("double frame ',' has no digits");
        }
        try {
            return Double.parseDouble(in.toString(from, to - from, StandardCharsets.US_ASCII));
        } catch (NumberFormatException e) {
            throw new RedisProtocolException("malformed double: " + e.getMessage());
        }
    }

    private static boolean asciiEqualsIgnoreCase(ByteBuf in, int from, int to, byte[] lowerCase) {
        if (to - from != lowerCase.length) {
            return false;
        }
        for (int offset = 0; offset < lowerCase.length; offset++) {
            if ((in.getByte(from + offset) | 0x20) != lowerCase[offset]) {
                return false;
            }
        }
        return true;
    }

    /** Parses an arbitrary-precision signed decimal after checking every byte is a digit. */
    static BigInteger parseBigInteger(ByteBuf in, int from, int to) {
        int digitsFrom = from < to && (in.getByte(from) == '-' || in.getByte(from) == '+') ? from + 1 : from;
        if (digitsFrom == to) {
            throw new RedisProtocolException("big number frame '(' has no digits");
        }
        for (int index = digitsFrom; index < to; index++) {
            byte current = in.getByte(index);
            if (current < '0' || current > '9') {
                throw new RedisProtocolException(String.format("non-digit byte 0x%02x in big number", current & 0xff));
            }
        }
        return new BigInteger(in.toString(from, to - from, StandardCharsets.US_ASCII));
    }
}
