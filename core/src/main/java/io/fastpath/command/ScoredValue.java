package io.fastpath.command;

/** A sorted-set member and its score. */
public record ScoredValue<V>(V value, double score) {}
