package io.fastpath.command;

/** When EXPIRE and its relatives apply (Redis 7.0+): NX, XX, GT or LT. */
public enum ExpireCondition {
    /** Only if the key has no expiry. */
    NX,
    /** Only if the key already has an expiry. */
    XX,
    /** Only if the new expiry is later than the current one. */
    GT,
    /** Only if the new expiry is earlier than the current one. */
    LT
}
