package io.fastpath.command;

/** One consumer of XINFO CONSUMERS: its pending entry count and milliseconds since its last attempted interaction. */
public record StreamConsumerInfo(String name, long pending, long idleMillis) {}
