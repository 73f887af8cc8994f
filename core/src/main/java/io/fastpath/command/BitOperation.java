package io.fastpath.command;

/** The operation of BITOP; NOT takes exactly one source. */
public enum BitOperation {
    AND,
    OR,
    XOR,
    NOT
}
