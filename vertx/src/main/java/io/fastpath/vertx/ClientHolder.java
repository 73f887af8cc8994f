package io.fastpath.vertx;

import io.fastpath.RedisClient;
import io.fastpath.RedisClientBuilder;
import io.fastpath.internal.hosted.HostedClients;
import io.vertx.core.AbstractVerticle;
import io.vertx.core.Promise;
import io.vertx.core.internal.VertxInternal;
import io.vertx.core.shareddata.Shareable;
import java.util.function.Supplier;

/**
 * Owns one shared client for its Vert.x instance: a worker verticle, so building the client (which connects and
 * waits) and closing it (which waits briefly for unanswered commands) never run on an event loop, and Vert.x
 * undeploys it, closing the client, when the Vert.x instance closes. Lives in the instance's local map until then.
 */
final class ClientHolder extends AbstractVerticle implements Shareable {
    private final String name;
    private final Supplier<RedisClientBuilder> builder;
    /** Completed once, when Vert.x finished deploying this verticle (or failed to); any thread reads it. */
    private final Promise<FastpathVertx> ready = Promise.promise();
    // This verticle's worker context only.
    private RedisClient client;

    ClientHolder(String name, Supplier<RedisClientBuilder> builder) {
        this.name = name;
        this.builder = builder;
    }

    io.vertx.core.Future<FastpathVertx> ready() {
        return ready.future();
    }

    /** The deployment failed (the client could not connect): every caller waiting for it gets the failure. */
    void failed(Throwable failure) {
        ready.tryFail(failure);
    }

    @Override
    public void start() {
        // On Vert.x's own event loops, so a verticle's command is written and answered on its loop (scenario j: no
        // crossing to a client thread and back); with direct completion, the only code the client runs on a loop is
        // Vert.x's hand-off to the caller's context.
        client = HostedClients.build(builder.get().directCompletion(), ((VertxInternal) vertx).nettyEventLoopGroup());
    }

    /**
     * The deployment completed: callers get the client now, not from {@link #start}, so a Vert.x instance closed as
     * soon as a caller has it never undeploys a deployment still in progress (Vert.x then completes its promise twice).
     */
    void deployed() {
        ready.complete(new FastpathVertx(vertx, client));
    }

    @Override
    public void stop() {
        vertx.sharedData().<String, ClientHolder>getLocalMap(FastpathVertx.SHARED_CLIENTS).remove(name, this);
        if (client != null) {
            client.close();
        }
    }
}
