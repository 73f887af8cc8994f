package io.fastpath.vertx;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.RedisClient;
import io.fastpath.testkit.RedisServerExtension;
import io.vertx.core.AbstractVerticle;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.ThreadingModel;
import io.vertx.core.Vertx;
import io.vertx.junit5.VertxExtension;
import io.vertx.junit5.VertxTestContext;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The shared client runs on Vert.x's own event loops: a verticle's command is written, answered and completed on the
 * verticle's loop, the client starts no I/O threads of its own, and its blocking API refuses an event loop.
 */
@ExtendWith(VertxExtension.class)
class FastpathVertxEventLoopsIT {
    private static final int VERTICLES = 4;
    private static final int KEYS_PER_VERTICLE = 50;

    @RegisterExtension
    static RedisServerExtension redis = RedisServerExtension.standalone();

    @Test
    void everyVerticlesCommandsAreWrittenAnsweredAndCompletedOnItsOwnEventLoop(Vertx vertx, VertxTestContext test) {
        MomentThreads moments = new MomentThreads();
        LoopVerticles.deploy(vertx, test, VERTICLES, KEYS_PER_VERTICLE,
                () -> RedisClient.builder().uri(redis.server().uri())
                        .connectionsPerNode(FastpathVertx.connectionsForEveryLoop(vertx)).commandListener(moments),
                "on-loops", loops -> test.verify(() -> {
                    // Keys of many slots: without the calling loop's preference most would go to other loops' connections.
                    assertThat(moments.commands()).isEqualTo(VERTICLES * KEYS_PER_VERTICLE * 2);
                    assertThat(moments.offLoop()).isEmpty();
                    assertThat(loops).as("the verticles ran on several event loops").hasSizeGreaterThan(1);
                    assertThat(moments.loops()).isEqualTo(loops);
                }));
    }

    @Test
    void theSharedClientStartsNoIoThreadsOfItsOwn(Vertx vertx) throws Exception {
        Set<String> before = ioThreads();
        FastpathVertx fastpath = FastpathVertx.shared(vertx, redis.server().uri())
                .toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        fastpath.ping().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);

        assertThat(ioThreads()).isEqualTo(before);
        assertThat(fastpath.client().toString()).contains("on the host's event loops");
    }

    @Test
    void theClientsBlockingApiRefusesAnEventLoopAndServesAWorker(Vertx vertx, VertxTestContext test) {
        FastpathVertx.shared(vertx, redis.server().uri()).onComplete(test.succeeding(fastpath -> {
            vertx.runOnContext(onLoop -> test.verify(() -> {
                try {
                    fastpath.client().get("k");
                    test.failNow("a blocking GET on an event loop should have been refused");
                } catch (IllegalStateException refused) {
                    assertThat(refused).hasMessageContaining("I/O thread");
                }
                AtomicReference<String> readOnWorker = new AtomicReference<>();
                vertx.deployVerticle(new AbstractVerticle() {
                    @Override
                    public void start() {
                        fastpath.client().set("k", "from a worker");
                        readOnWorker.set(fastpath.client().get("k"));
                    }
                }, new DeploymentOptions().setThreadingModel(ThreadingModel.WORKER))
                        .onComplete(test.succeeding(deployed -> test.verify(() -> {
                            assertThat(readOnWorker.get()).isEqualTo("from a worker");
                            test.completeNow();
                        })));
            }));
        }));
    }

    private static Set<String> ioThreads() {
        return Thread.getAllStackTraces().keySet().stream().map(Thread::getName)
                .filter(name -> name.startsWith("fastpath-io")).collect(Collectors.toSet());
    }
}
