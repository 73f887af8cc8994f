package io.fastpath;

/** Every typed command, blocking, for one key/value codec. Thread-safe: share one instance. */
public interface RedisCommands<K, V> extends StringCommands<K, V>, ServerCommands<K, V>,
        KeyCommands<K, V>, HashCommands<K, V>, ListCommands<K, V>, SetCommands<K, V>, SortedSetCommands<K, V>,
        ScriptCommands<K, V>, StreamCommands<K, V>, StreamGroupCommands<K, V>,
        BitmapCommands<K, V>, HyperLogLogCommands<K, V>, GeoCommands<K, V>, PubSubCommands<K, V>,
        BlockingCommands<K, V> {

    /** The same commands, returning futures. */
    RedisAsyncCommands<K, V> async();
}
