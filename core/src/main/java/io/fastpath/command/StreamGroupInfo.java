package io.fastpath.command;

/** One group of XINFO GROUPS: its consumer count, pending entry count and last delivered ID. */
public record StreamGroupInfo(String name, long consumers, long pending, String lastDeliveredId) {}
