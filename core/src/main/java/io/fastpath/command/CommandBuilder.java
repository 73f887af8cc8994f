package io.fastpath.command;

import io.fastpath.RedisCodec;

/**
 * Builds typed {@link Command}s for one key/value codec. Thread-safe and stateless; obtain it from
 * {@link io.fastpath.RedisClient#commands()} or a view's {@code commands()}.
 */
public final class CommandBuilder<K, V> implements StringCommandBuilder<K, V>, ServerCommandBuilder<K, V>,
        KeyCommandBuilder<K, V>, HashCommandBuilder<K, V>, ListCommandBuilder<K, V>, SetCommandBuilder<K, V>,
        SortedSetCommandBuilder<K, V>, ScriptCommandBuilder<K, V>,
        StreamCommandBuilder<K, V>, StreamGroupCommandBuilder<K, V>,
        BitmapCommandBuilder<K, V>, HyperLogLogCommandBuilder<K, V>, GeoCommandBuilder<K, V>, PubSubCommandBuilder<K, V>,
        BlockingCommandBuilder<K, V>,
        GenericCommandBuilder {

    public static final CommandBuilder<String, String> UTF8 = new CommandBuilder<>(RedisCodec.UTF8);
    public static final CommandBuilder<byte[], byte[]> BYTES = new CommandBuilder<>(RedisCodec.BYTES);

    private final RedisCodec<K, V> codec;

    public CommandBuilder(RedisCodec<K, V> codec) {
        this.codec = codec;
    }

    @Override
    public RedisCodec<K, V> codec() {
        return codec;
    }
}
