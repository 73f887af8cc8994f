package io.fastpath.command;

import java.util.Map;

/**
 * XPENDING's summary of a group: how many entries are pending, the lowest and highest pending IDs (null
 * when none is) and how many are pending per consumer (only consumers with pending entries, in the
 * server's order).
 */
public record PendingSummary(long count, String lowestId, String highestId, Map<String, Long> consumers) {}
