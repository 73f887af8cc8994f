package io.fastpath.vertx;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.RedisClient;
import io.fastpath.RedisServerException;
import io.fastpath.testkit.FaultProxy;
import io.fastpath.testkit.RedisServerExtension;
import io.vertx.core.AbstractVerticle;
import io.vertx.core.Context;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.ThreadingModel;
import io.vertx.core.Vertx;
import io.vertx.junit5.VertxExtension;
import io.vertx.junit5.VertxTestContext;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Fastpath from verticles: futures on the caller's context, one shared client per Vert.x instance, no blocked event loop. */
@ExtendWith(VertxExtension.class)
class FastpathVertxIT {

    @RegisterExtension
    static RedisServerExtension redis = RedisServerExtension.standalone();

    /** A verticle that runs {@code body} with the shared client once started, on its own context. */
    private static AbstractVerticle verticle(java.util.function.BiConsumer<FastpathVertx, Context> body) {
        return new AbstractVerticle() {
            @Override
            public void start(Promise<Void> started) {
                FastpathVertx.shared(vertx, redis.server().uri()).onSuccess(client -> body.accept(client, context))
                        .onComplete(ready -> { // try: a test that completed in body may already be closing this Vert.x
                            if (ready.succeeded()) {
                                started.tryComplete();
                            } else {
                                started.tryFail(ready.cause());
                            }
                        });
            }
        };
    }

    @Test
    void aCommandFromAnEventLoopVerticleCompletesOnThatVerticlesEventLoop(Vertx vertx, VertxTestContext test) {
        vertx.deployVerticle(verticle((fastpath, context) -> {
            assertThat(Vertx.currentContext()).isSameAs(context); // the shared client itself came back on this context
            fastpath.set("greeting", "hello").compose(set -> fastpath.get("greeting")).onComplete(test.succeeding(value ->
                    test.verify(() -> {
                        assertThat(value).isEqualTo("hello");
                        assertThat(Vertx.currentContext()).isSameAs(context);
                        assertThat(context.isEventLoopContext()).isTrue();
                        assertThat(Thread.currentThread().getName()).startsWith("vert.x-eventloop-thread-");
                        test.completeNow();
                    })));
        }));
    }

    @Test
    void aCommandFromAWorkerVerticleCompletesOnItsWorkerContext(Vertx vertx, VertxTestContext test) {
        vertx.deployVerticle(verticle((fastpath, context) -> fastpath.incr("counter").onComplete(test.succeeding(value ->
                test.verify(() -> {
                    assertThat(Vertx.currentContext()).isSameAs(context);
                    assertThat(context.isWorkerContext()).isTrue();
                    assertThat(Thread.currentThread().getName()).startsWith("vert.x-worker-thread-");
                    test.completeNow();
                })))), new DeploymentOptions().setThreadingModel(ThreadingModel.WORKER));
    }

    @Test
    void aServerErrorFailsTheFutureWithItsCode(Vertx vertx, VertxTestContext test) {
        vertx.deployVerticle(verticle((fastpath, context) -> fastpath.set("text", "x")
                .compose(set -> fastpath.incr("text"))
                .onComplete(test.failing(failure -> test.verify(() -> {
                    assertThat(failure).isInstanceOf(RedisServerException.class);
                    assertThat(((RedisServerException) failure).code()).isEqualTo("ERR");
                    assertThat(Vertx.currentContext()).isSameAs(context);
                    test.completeNow();
                })))));
    }

    @Test
    void everyVerticleSharesOneClientWhichOutlivesTheVerticleThatCreatedIt(Vertx vertx, VertxTestContext test) throws Exception {
        AtomicReference<FastpathVertx> first = new AtomicReference<>();
        String firstDeployment = vertx.deployVerticle(verticle((fastpath, context) -> first.set(fastpath)))
                .toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        vertx.undeploy(firstDeployment).toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);

        vertx.deployVerticle(verticle((fastpath, context) -> {
            assertThat(fastpath).isSameAs(first.get());
            fastpath.ping().onComplete(test.succeedingThenComplete());
        }));
    }

    @Test
    void theSharedClientIsClosedWithItsVertxInstance() throws Exception {
        String name = "fastpath-vertx-close-test";
        Vertx own = Vertx.vertx();
        FastpathVertx fastpath = FastpathVertx.shared(own, "closing", () -> RedisClient.builder().uri(redis.server().uri())
                .clientName(name)).toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        assertThat(redis.server().call("CLIENT", "LIST").toString()).contains("name=" + name);

        own.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);

        assertThat(redis.server().call("CLIENT", "LIST").toString()).doesNotContain("name=" + name);
        assertThat(fastpath.client().toString()).contains(redis.server().uri().substring("redis://".length()));
    }

    @Test
    void gettingTheSharedClientOnAnEventLoopDoesNotWaitForItToConnect(Vertx vertx, VertxTestContext test) {
        FaultProxy slow = FaultProxy.inFrontOf(redis.server());
        slow.delay(Duration.ofMillis(300)); // the handshake takes at least this long
        vertx.runOnContext(onEventLoop -> {
            Future<FastpathVertx> client = FastpathVertx.shared(vertx, "slow", () -> RedisClient.builder().uri(slow.uri()));
            // Had shared() waited for the connect here, its completion would be queued on this loop before this task.
            vertx.runOnContext(next -> test.verify(() -> assertThat(client.isComplete()).isFalse()));
            client.compose(fastpath -> fastpath.ping()).onComplete(test.succeeding(pong -> {
                slow.close();
                test.completeNow();
            }));
        });
    }
}
