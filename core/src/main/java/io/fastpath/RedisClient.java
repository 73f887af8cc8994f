package io.fastpath;

import io.fastpath.command.Command;
import io.fastpath.command.CommandBuilder;
import io.fastpath.internal.client.ClientCore;
import io.fastpath.internal.client.SyncView;
import io.fastpath.internal.command.CommandArguments;
import io.fastpath.internal.command.CommandSpec;
import io.fastpath.internal.pubsub.PubSubKind;
import io.fastpath.internal.transaction.ExecOutcome;
import io.fastpath.internal.transaction.WatchSession;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

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
    /** This client's own commands as a view: its {@code async()} and {@code withTimeout} serve the client's. */
    private final SyncView<String, String> strings;
    private final SyncView<byte[], byte[]> binary;
    private final String description;

    RedisClient(ClientCore core, String description) {
        this.core = core;
        this.strings = new SyncView<>(core, CommandBuilder.UTF8);
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
        return core.execute(command, core.commandTimeoutNanos());
    }

    @Override
    public CommandBuilder<String, String> commands() {
        return CommandBuilder.UTF8;
    }

    /** GET; with the client-side cache on, a hit is answered before any command is built (see ClientCore#get). */
    @Override
    public String get(String key) {
        return core.get(CommandBuilder.UTF8, key, core.commandTimeoutNanos());
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

    /**
     * Sends {@code command} (built by any {@link CommandBuilder}) like {@code async().dispatch}, but on the calling
     * thread's connection to its server whatever its key, so every command one thread sends this way arrives in call
     * order across keys, as on a single connection (the contract of a Spring Data Redis pipeline). The plain path
     * spreads keys over the server's connections and keeps order per key only. Blocking commands still use their
     * pool; on a cluster the order holds per node. Reads sent this way go to the primary whatever the
     * {@link ReadPolicy}: call order cannot hold across a primary and a replica.
     */
    public <T> java.util.concurrent.CompletableFuture<T> dispatchInCallOrder(Command<T> command) {
        return core.dispatchInCallOrder(command);
    }

    /**
     * {@link #dispatchInCallOrder}, for a caller that only waits for the returned future ({@code join}, {@code get},
     * {@code isDone}), as a Spring Data Redis pipeline collects its results: the future completes on the I/O thread,
     * as a blocking call's does, instead of each read's replies being handed to the completion executor first. It is
     * typed as a plain {@link java.util.concurrent.Future}, which takes no callbacks, because a callback would run on
     * an I/O thread, where a blocking call fails and a slow one stalls every connection of that thread.
     */
    public <T> java.util.concurrent.Future<T> dispatchInCallOrderToAwait(Command<T> command) {
        return core.dispatchInCallOrder(command, true);
    }

    /** Hits, misses, evictions, invalidations and bytes of the client-side cache; {@link CacheStats#DISABLED} when it is off. */
    public CacheStats cacheStats() {
        return core.cache() == null ? CacheStats.DISABLED : core.cache().stats();
    }

    /** The same commands returning {@link java.util.concurrent.CompletableFuture}s. */
    @Override
    public RedisAsyncCommands<String, String> async() {
        return strings.async();
    }

    /**
     * This client's commands with {@code timeout} instead of its {@link RedisClientBuilder#commandTimeout} as each
     * command's deadline (see {@link RedisCommands#withTimeout}); transactions, WATCH and subscriptions keep the
     * client's timeout.
     *
     * <pre>{@code
     * RedisCommands<String, String> quick = redis.withTimeout(Duration.ofMillis(50));   // keep it in a field
     * String value = quick.get("k");                          // RedisTimeoutException after 50 ms
     * }</pre>
     */
    @Override
    public RedisCommands<String, String> withTimeout(Duration timeout) {
        return strings.withTimeout(timeout);
    }

    /**
     * Every typed command with keys and values of the user's types, turned into bytes and back by {@code codec}, on
     * this client's connections and with its command timeout: {@code redis.withCodec(json).get(key)} returns a
     * {@code V}. Compose with {@link RedisCommands#withTimeout} and {@link RedisCommands#async}. Arguments that
     * are not keys or values (cursors, stream IDs, scores) keep their own types. A codec that throws fails that command
     * only: while building, before anything is sent; while decoding a reply, on the caller's future. Make one view per
     * codec and keep it: it is immutable and thread-safe, and each call builds a new one.
     *
     * @throws RedisArgumentException when {@code codec} is null
     */
    public <K, V> RedisCommands<K, V> withCodec(RedisCodec<K, V> codec) {
        CommandArguments.requireNotNull("withCodec", "the codec", codec);
        return new SyncView<>(core, new CommandBuilder<>(codec));
    }

    /**
     * A MULTI/EXEC block to fill with {@link Transaction#queue} and send with {@link Transaction#exec}; it is
     * written contiguously on a shared connection, so it costs no extra connection.
     */
    public Transaction multi() {
        return new Transaction(core.transactions());
    }

    /**
     * Optimistic locking: WATCH {@code keys} on a connection leased for this call alone (a bounded pool per
     * server, {@link RedisClientBuilder#watchConnectionsPerNode}), run {@code body}, whose
     * {@link WatchedTransaction#read}s run at once on that connection and whose
     * {@link WatchedTransaction#queue}d commands are sent as one MULTI/EXEC block when it returns. If a
     * watched key changed meanwhile, nothing runs and the result is not {@code committed()}. On a cluster
     * the keys must share one slot. The result's {@code value()} is what {@code body} returned.
     */
    public <R> TransactionResult<R> watch(List<String> keys, Function<WatchedTransaction, R> body) {
        return watch(keys, 1, body);
    }

    /**
     * WATCH as separate steps, for frameworks whose transactions are not one callback (Spring Data Redis's
     * {@code watch}, {@code multi}, {@code exec}): leases a connection from the WATCH pool and watches {@code keys}
     * (as bytes; encode text as UTF-8). {@link WatchedConnection#read} runs commands on it at once,
     * {@link WatchedConnection#queue} builds the block that {@link WatchedConnection#exec} sends, and
     * {@link WatchedConnection#close} gives the connection back without EXEC. Prefer {@link #watch(List, Function)}
     * where a callback fits: it cannot forget the close.
     */
    public WatchedConnection openWatch(List<byte[]> keys) {
        CommandArguments.requireNotEmpty("WATCH", keys, "key");
        for (byte[] key : keys) {
            CommandArguments.requireNotNull("WATCH", "a key", key);
        }
        return new WatchedConnection(core.transactions().openWatch(List.copyOf(keys)));
    }

    /** True when the client found a Redis Cluster on connect and routes by hash slot. */
    public boolean isCluster() {
        return core.isCluster();
    }

    /** As {@link #watch(List, Function)}, running {@code body} again after an abort, up to {@code maxAttempts} times in all. */
    public <R> TransactionResult<R> watch(List<String> keys, int maxAttempts, Function<WatchedTransaction, R> body) {
        if (maxAttempts < 1) {
            throw new RedisArgumentException("maxAttempts must be at least 1, got " + maxAttempts);
        }
        CommandArguments.requireNotEmpty("WATCH", keys, "key");
        CommandArguments.requireNotNull("WATCH", "the callback", body);
        List<byte[]> encoded = new ArrayList<>(keys.size());
        for (String key : keys) {
            encoded.add(RedisCodec.UTF8.encodeKey(key));
        }
        for (int attempt = 1; ; attempt++) {
            WatchAttempt<R> current = new WatchAttempt<>();
            ExecOutcome outcome = core.transactions().watch(encoded, session -> current.run(session, body));
            current.transaction.block().complete(outcome);
            if (outcome.committed() || attempt == maxAttempts) {
                return new TransactionResult<>(outcome.committed(), current.commands, attempt, current.value);
            }
        }
    }

    /** One run of a WATCH callback: its transaction, what it returned and the block it queued. Caller thread only. */
    private static final class WatchAttempt<R> {
        WatchedTransaction transaction;
        R value;
        int commands;

        List<CommandSpec<?>> run(WatchSession session, Function<WatchedTransaction, R> body) {
            transaction = new WatchedTransaction(session);
            value = body.apply(transaction);
            List<CommandSpec<?>> block = transaction.block().seal();
            commands = block.size();
            return block;
        }
    }

    /** The same client with byte[] keys and values (its {@code async()} too). */
    public RedisCommands<byte[], byte[]> binary() {
        return binary;
    }

    /**
     * SUBSCRIBE: {@code listener} receives every message published to these channels until
     * {@link Subscription#unsubscribe()}. Returns once the server confirmed them (up to the command
     * timeout). Messages arrive on a dedicated subscriber connection and are delivered off the I/O
     * threads, in order, at most once: see {@link Subscription}. On a cluster, channels are subscribed on
     * one node (the cluster broadcasts PUBLISH to all of them).
     */
    public Subscription subscribe(PubSubListener listener, String... channels) {
        return core.subscribe(PubSubKind.CHANNEL, listener, names(channels));
    }

    /** PSUBSCRIBE: as {@link #subscribe}, for glob-style patterns; {@link PubSubMessage#pattern()} names the pattern that matched. */
    public Subscription psubscribe(PubSubListener listener, String... patterns) {
        return core.subscribe(PubSubKind.PATTERN, listener, names(patterns));
    }

    /**
     * SSUBSCRIBE (Redis 7): as {@link #subscribe}, for shard channels. On a cluster each shard channel is
     * subscribed on the primary that owns its hash slot, and follows the slot when it moves or its shard
     * fails over (messages published during the move are lost).
     */
    public Subscription ssubscribe(PubSubListener listener, String... shardChannels) {
        return core.subscribe(PubSubKind.SHARD, listener, names(shardChannels));
    }

    private static List<String> names(String[] names) {
        return names == null ? List.of() : Arrays.asList(names);
    }

    /**
     * Stops accepting commands, waits briefly (up to the command timeout, at most 5 s) for unanswered
     * ones, fails what remains, and stops the client's threads. A blocking command still parked (BLPOP,
     * XREAD BLOCK...) does not get that wait: it fails at once with {@link RedisOutcomeUnknownException}
     * (or {@link RedisNotSentException} if it was never written) saying the client was closed. Every
     * {@link Subscription} is closed. Calling it again, or from two threads, does nothing more.
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
