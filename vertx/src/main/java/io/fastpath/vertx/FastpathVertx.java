package io.fastpath.vertx;

import io.fastpath.command.Command;
import io.fastpath.command.CommandBuilder;
import io.fastpath.RedisClient;
import io.fastpath.RedisClientBuilder;
import io.fastpath.RedisCodec;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.ThreadingModel;
import io.vertx.core.Vertx;
import io.vertx.core.shareddata.LocalMap;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ForkJoinPool;
import java.util.function.Supplier;

/**
 * Fastpath for verticles: every typed command returns a Vert.x {@link Future} completed on the calling context, and
 * nothing here blocks an event loop. One client is shared by every verticle of a Vert.x instance and closed with it:
 *
 * <pre>{@code
 * public void start(Promise<Void> started) {
 *     FastpathVertx.shared(vertx, "redis://localhost:6379")
 *             .onSuccess(redis -> this.redis = redis)
 *             .<Void>mapEmpty().onComplete(started);
 * }
 * ... redis.get("key").onSuccess(value -> ...)   // on this verticle's event loop
 * }</pre>
 *
 * <p>The shared client is built on a worker thread (connecting waits) by a worker verticle Vert.x undeploys on
 * {@code vertx.close()}, which closes the client. Its connections run on Vert.x's own event loops, not threads of
 * the client's: a command sent from a verticle's event loop goes to the connection on that loop and its reply is
 * read there, and it completes futures there ({@code directCompletion()}): the only code that runs on a loop for a
 * reply is Vert.x's hand-off to the caller's context. Each loop holds a connection to each server when
 * {@code connectionsPerNode} is at least the number of event loops ({@link #shared(Vertx, String)} sets that; with a
 * builder of your own, set it to the event loop count rounded up to a power of two); a
 * caller on a worker context or outside Vert.x is routed as on any client. The client's blocking API refuses an event
 * loop ({@code IllegalStateException}): call it from a worker context.
 */
public final class FastpathVertx implements RedisVertxCommands<String, String> {
    /** The Vert.x instance's local map holding its shared clients by name. */
    static final String SHARED_CLIENTS = "io.fastpath.vertx.shared-clients";
    private static final String DEFAULT_NAME = "default";

    private final Vertx vertx;
    private final RedisClient client;
    private final VertxView<String, String> strings;
    private final VertxView<byte[], byte[]> binary;

    FastpathVertx(Vertx vertx, RedisClient client) {
        this.vertx = vertx;
        this.client = client;
        this.strings = new VertxView<>(vertx, client.async(), client.commands());
        this.binary = new VertxView<>(vertx, client.async(), client.binary().commands());
    }

    /** The shared client of {@code vertx} for {@code uri} ({@code redis://...}, a cluster node too). */
    public static Future<FastpathVertx> shared(Vertx vertx, String uri) {
        Objects.requireNonNull(uri, "uri");
        int connections = connectionsForEveryLoop(vertx);
        return shared(vertx, DEFAULT_NAME, () -> RedisClient.builder().uri(uri).connectionsPerNode(connections));
    }

    /**
     * A {@code connectionsPerNode} that gives every event loop of {@code vertx} a connection to each server: the loop
     * count rounded up to a power of two, at least the client's default. A builder given to
     * {@link #shared(Vertx, String, Supplier)} keeps its own setting.
     */
    static int connectionsForEveryLoop(Vertx vertx) {
        int loops = 0;
        for (var ignored : ((io.vertx.core.internal.VertxInternal) vertx).nettyEventLoopGroup()) {
            loops++;
        }
        int connections = Integer.highestOneBit(Math.max(1, loops));
        connections = connections < loops ? connections * 2 : connections;
        return Math.max(connections, RedisClientBuilder.DEFAULT_CONNECTIONS_PER_NODE);
    }

    /**
     * The client named {@code name} of {@code vertx}: the first call builds it from {@code builder} (on a worker
     * thread), later calls from any verticle get the same one and their {@code builder} is not used. The future
     * completes on the calling context.
     */
    public static Future<FastpathVertx> shared(Vertx vertx, String name, Supplier<RedisClientBuilder> builder) {
        Objects.requireNonNull(vertx, "vertx");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(builder, "builder");
        LocalMap<String, ClientHolder> clients = vertx.sharedData().getLocalMap(SHARED_CLIENTS);
        ClientHolder created = new ClientHolder(name, builder);
        ClientHolder holder = clients.putIfAbsent(name, created);
        if (holder == null) {
            holder = created;
            // Deployed from a thread outside Vert.x: a deployment made on a verticle's context is that verticle's child,
            // undeployed (closing the shared client) with it.
            ForkJoinPool.commonPool().execute(() -> vertx.deployVerticle(created,
                            new DeploymentOptions().setThreadingModel(ThreadingModel.WORKER))
                    .onSuccess(deployment -> created.deployed())
                    .onFailure(failure -> {
                        clients.remove(name, created);
                        created.failed(failure);
                    }));
        }
        // The holder completes on its worker context; hand the result to the caller's.
        return Future.fromCompletionStage(holder.ready().toCompletionStage(), vertx.getOrCreateContext());
    }

    /** The same commands with byte[] keys and values. */
    public RedisVertxCommands<byte[], byte[]> binary() {
        return binary;
    }

    /**
     * The same commands with keys and values of the user's types, turned into bytes and back by {@code codec} (see
     * {@link RedisClient#withCodec}), completed on the calling context; compose with {@link #withTimeout}. Make one per
     * codec and keep it.
     *
     * @throws io.fastpath.RedisArgumentException when {@code codec} is null
     */
    public <K, V> RedisVertxCommands<K, V> withCodec(RedisCodec<K, V> codec) {
        return new VertxView<>(vertx, client.async(), client.withCodec(codec).commands());
    }

    @Override
    public RedisVertxCommands<String, String> withTimeout(Duration timeout) {
        return strings.withTimeout(timeout);
    }

    /**
     * The client itself, e.g. for transactions or subscriptions. Its blocking methods block: call them from a worker
     * context or {@code executeBlocking}, never from an event loop. Closed with the Vert.x instance.
     */
    public RedisClient client() {
        return client;
    }

    @Override
    public <T> Future<T> execute(Command<T> command) {
        return strings.execute(command);
    }

    @Override
    public CommandBuilder<String, String> commands() {
        return strings.commands();
    }

    @Override
    public String toString() {
        return "FastpathVertx[" + client + "]";
    }
}
