package io.fastpath.command;

/** How SCRIPT FLUSH and FUNCTION FLUSH free memory: in the background or before answering. */
public enum FlushMode {
    ASYNC,
    SYNC
}
