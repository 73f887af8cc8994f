package io.fastpath.command;

import java.util.List;

/** Elements popped by LMPOP (or a similar multi-key pop) together with the key they came from. */
public record KeyedValues<K, V>(K key, List<V> values) {}
