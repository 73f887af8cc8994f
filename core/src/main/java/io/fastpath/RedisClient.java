package io.fastpath;

import io.fastpath.internal.client.AsyncView;
import io.fastpath.internal.client.ClientCore;
import io.fastpath.internal.client.SyncView;

/**
 * The Fastpath client: create one per application and share it between all threads.
 *
 * <pre>{@code
 * try (RedisClient redis = RedisClient.create("redis://localhost:6379")) {
 *     redis.set("greeting", "hello");
 *     String value = redis.get("greeting");                            // blocking
 *     CompletableFuture<String> later = redis.async().get("greeting");  // async, same commands
 * }
 * }</pre>
 *
 * <p>Behind it: N multiplexed connections per server, each on its own I/O thread, commands from all
 * threads coalesced into one write per event-loop turn (automatic pipelining), replies matched in
 * order, and background reconnects. Strings are UTF-8; {@link #binary()} is the same client for byte[].
 *
 * <p>Pointed at a node of a Redis Cluster (or given several with {@link RedisClientBuilder#seeds}), the
 * same client discovers the cluster on connect and routes each command by hash slot, following
 * MOVED/ASK redirects and topology changes; see {@link ReadPolicy} for reads from replicas.
 */
public final class RedisClient implements RedisCommands<String, String>, AutoCloseable {
    private final ClientCore core;
    private final AsyncView<String, String> async;
    private final SyncView<byte[], byte[]> binary;
    private final String description;

    RedisClient(ClientCore core, String description) {
        this.core = core;
        this.async = new AsyncView<>(core, CommandBuilder.UTF8);
        this.binary = new SyncView<>(core, CommandBuilder.BYTES);
        this.description = description;
    }

    /** Connects to {@code redis://[user[:password]@]host[:port][/db]} with default settings. */
    public static RedisClient create(String uri) {
        return builder().uri(uri).build();
    }

    public static RedisClientBuilder builder() {
        return new RedisClientBuilder();
    }

    @Override
    public <T> T execute(Command<T> command) {
        return core.execute(command);
    }

    @Override
    public CommandBuilder<String, String> commands() {
        return CommandBuilder.UTF8;
    }

    /**
     * Runs a read-only, single-key command through the client-side cache, e.g. one built with
     * {@code commands().command("HSTRLEN", "h", "f")}; the typed reads the cache serves need no call of their own.
     *
     * @throws RedisArgumentException when the cache is off, or the command writes, blocks or reads several keys
     */
    public <T> T executeCached(Command<T> command) {
        return core.executeCached(command);
    }

    /** {@link #executeCached} returning a future. */
    public <T> java.util.concurrent.CompletableFuture<T> dispatchCached(Command<T> command) {
        return core.dispatchCached(command, false);
    }

    /** Hits, misses, evictions, invalidations and bytes of the client-side cache; {@link CacheStats#DISABLED} when it is off. */
    public CacheStats cacheStats() {
        return core.cache() == null ? CacheStats.DISABLED : core.cache().stats();
    }

    /** The same commands returning {@link java.util.concurrent.CompletableFuture}s. */
    @Override
    public RedisAsyncCommands<String, String> async() {
        return async;
    }

    /** The same client with byte[] keys and values (its {@code async()} too). */
    public RedisCommands<byte[], byte[]> binary() {
        return binary;
    }

    /**
     * Stops accepting commands, waits briefly (up to the command timeout, at most 5 s) for unanswered
     * ones, fails what remains, and stops the client's threads.
     */
    @Override
    public void close() {
        core.close();
    }

    /** For tests in this package: the engine, e.g. to list the client-side cache's entries. */
    ClientCore core() {
        return core;
    }

    @Override
    public String toString() {
        return "RedisClient[" + description + "]";
    }
}
