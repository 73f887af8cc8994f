package io.fastpath.command;

/** One entry of XPENDING's extended form: who it was delivered to, how long ago, and how many times. */
public record PendingEntry(String id, String consumer, long idleMillis, long deliveryCount) {}
