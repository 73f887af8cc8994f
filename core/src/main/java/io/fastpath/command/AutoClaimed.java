package io.fastpath.command;

import java.util.List;

/**
 * XAUTOCLAIM's answer: the ID to pass as the next call's start ({@code 0-0} when the whole pending list
 * was scanned), the entries now owned by the claiming consumer, and the IDs of pending entries that no
 * longer exist in the stream (removed from the pending list by the call).
 */
public record AutoClaimed<K, V>(String nextStartId, List<StreamEntry<K, V>> entries, List<String> deletedIds) {}
