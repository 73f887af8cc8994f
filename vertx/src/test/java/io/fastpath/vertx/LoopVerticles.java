package io.fastpath.vertx;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.RedisClientBuilder;
import io.vertx.core.AbstractVerticle;
import io.vertx.core.Context;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.junit5.VertxTestContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Event-loop verticles sharing one named client: each SETs its own keys, then GETs them back, all in flight at once,
 * and checks every result arrives on its own context with its own value. When every verticle is done, {@code check}
 * gets the names of the event loops they ran on, and the test completes.
 */
final class LoopVerticles {
    private LoopVerticles() {}

    static void deploy(Vertx vertx, VertxTestContext test, int verticles, int keys, Supplier<RedisClientBuilder> builder,
                       String clientName, Consumer<Set<String>> check) {
        Set<String> loops = ConcurrentHashMap.newKeySet();
        AtomicInteger running = new AtomicInteger(verticles);
        vertx.deployVerticle(() -> new AbstractVerticle() {
            @Override
            public void start(Promise<Void> started) {
                Context mine = context;
                String prefix = "loop-verticle-" + System.identityHashCode(this) + ":";
                loops.add(Thread.currentThread().getName());
                FastpathVertx.shared(vertx, clientName, builder).compose(fastpath -> {
                    List<Future<Boolean>> writes = new ArrayList<>();
                    for (int i = 0; i < keys; i++) {
                        writes.add(fastpath.set(prefix + i, "value of " + prefix + i));
                    }
                    return Future.all(writes).compose(written -> {
                        List<Future<String>> reads = new ArrayList<>();
                        for (int i = 0; i < keys; i++) {
                            String key = prefix + i;
                            reads.add(fastpath.get(key).map(value -> {
                                test.verify(() -> {
                                    assertThat(Vertx.currentContext()).isSameAs(mine);
                                    assertThat(value).isEqualTo("value of " + key);
                                });
                                return value;
                            }));
                        }
                        return Future.all(reads);
                    });
                }).onComplete(test.succeeding(all -> {
                    if (running.decrementAndGet() == 0) {
                        check.accept(loops);
                        test.completeNow();
                    }
                }));
                started.complete();
            }
        }, new DeploymentOptions().setInstances(verticles));
    }
}
