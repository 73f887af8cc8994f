package io.fastpath.command;

/** Where LINSERT puts the new element relative to the pivot. */
public enum InsertPosition {
    BEFORE,
    AFTER
}
