package io.fastpath.internal.protocol;

/** The first byte of every RESP2 and RESP3 frame, shared by the decoder, encoder and writer. */
final class RespType {
    static final byte SIMPLE_STRING = '+';
    static final byte SIMPLE_ERROR = '-';
    static final byte INTEGER = ':';
    static final byte BULK_STRING = '$';
    static final byte NULL = '_';
    static final byte BOOLEAN = '#';
    static final byte DOUBLE = ',';
    static final byte BIG_NUMBER = '(';
    static final byte BULK_ERROR = '!';
    static final byte VERBATIM_STRING = '=';
    static final byte ARRAY = '*';
    static final byte MAP = '%';
    static final byte SET = '~';
    static final byte PUSH = '>';
    static final byte ATTRIBUTE = '|';

    private RespType() {}

    static boolean isAggregate(byte type) {
        return type == ARRAY || type == MAP || type == SET || type == PUSH || type == ATTRIBUTE;
    }
}
