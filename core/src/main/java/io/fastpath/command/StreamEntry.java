package io.fastpath.command;

import java.util.Map;

/**
 * One stream entry: its ID and its fields in the order they were added. {@code fields} is null for an
 * entry that was deleted while still pending, which XREADGROUP reports by ID alone when reading history.
 * With byte[] fields the map's keys compare by identity, so iterate its entries rather than calling get.
 */
public record StreamEntry<K, V>(String id, Map<K, V> fields) {}
