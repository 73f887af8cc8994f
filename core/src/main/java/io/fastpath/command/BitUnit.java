package io.fastpath.command;

/** Whether BITCOUNT and BITPOS ranges count bytes (the default) or bits. */
public enum BitUnit {
    BYTE,
    BIT
}
