package io.fastpath.command;

import java.util.List;

/** The entries XREAD or XREADGROUP returned from one stream. */
public record StreamEntries<K, V>(K stream, List<StreamEntry<K, V>> entries) {}
