package io.fastpath.command;

/** An end of a list: LEFT is the head (index 0), RIGHT the tail. */
public enum ListSide {
    LEFT,
    RIGHT
}
