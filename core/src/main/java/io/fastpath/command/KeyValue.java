package io.fastpath.command;

/** A value together with the key it came from (BLPOP, BZPOPMIN...: the first non-empty of several keys). */
public record KeyValue<K, V>(K key, V value) {}
