package io.fastpath;

/** Every typed command, asynchronously, for one key/value codec. Futures complete off the I/O threads by default. */
public interface RedisAsyncCommands<K, V> extends StringAsyncCommands<K, V>, ServerAsyncCommands<K, V>,
        KeyAsyncCommands<K, V>, HashAsyncCommands<K, V>, ListAsyncCommands<K, V>, SetAsyncCommands<K, V>,
        SortedSetAsyncCommands<K, V>, ScriptAsyncCommands<K, V>,
        StreamAsyncCommands<K, V>, StreamGroupAsyncCommands<K, V>,
        BitmapAsyncCommands<K, V>, HyperLogLogAsyncCommands<K, V>, GeoAsyncCommands<K, V>,
        PubSubAsyncCommands<K, V>, BlockingAsyncCommands<K, V> {}
