package io.fastpath.vertx;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.RedisClient;
import io.fastpath.testkit.RedisClusterExtension;
import io.vertx.core.AbstractVerticle;
import io.vertx.core.Context;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.junit5.Checkpoint;
import io.vertx.junit5.VertxExtension;
import io.vertx.junit5.VertxTestContext;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Verticles on several event loops writing and reading keys of every slot owner through one shared client. */
@ExtendWith(VertxExtension.class)
class FastpathVertxClusterIT {
    private static final int VERTICLES = 4;
    private static final int KEYS = 200;

    @RegisterExtension
    static RedisClusterExtension cluster = RedisClusterExtension.of(3, 0);

    @Test
    void everyVerticleReadsItsOwnWritesAcrossTheClusterOnItsOwnContext(Vertx vertx, VertxTestContext test) {
        Checkpoint verticlesDone = test.checkpoint(VERTICLES);
        String uri = cluster.cluster().primaries().get(0).uri();
        vertx.deployVerticle(() -> new AbstractVerticle() {
            @Override
            public void start(Promise<Void> started) {
                Context mine = context;
                String prefix = "v" + System.identityHashCode(this) + ":";
                FastpathVertx.shared(vertx, uri).compose(fastpath -> {
                    List<Future<String>> reads = new ArrayList<>();
                    for (int i = 0; i < KEYS; i++) {
                        String key = prefix + i;
                        reads.add(fastpath.set(key, key).compose(set -> fastpath.get(key)).map(value -> {
                            test.verify(() -> assertThat(Vertx.currentContext()).isSameAs(mine));
                            return value;
                        }));
                    }
                    return Future.all(reads).map(all -> {
                        for (int i = 0; i < KEYS; i++) {
                            String expected = prefix + i;
                            test.verify(() -> assertThat(all.<String>resultAt(Integer.parseInt(expected.substring(prefix.length()))))
                                    .isEqualTo(expected));
                        }
                        return all;
                    });
                }).onComplete(test.succeeding(all -> verticlesDone.flag()));
                started.complete();
            }
        }, new DeploymentOptions().setInstances(VERTICLES));
    }

    @Test
    void aVerticlesCommandsToEveryPrimaryAreWrittenAndAnsweredOnItsOwnEventLoop(Vertx vertx, VertxTestContext test) {
        MomentThreads moments = new MomentThreads();
        String uri = cluster.cluster().primaries().get(0).uri();
        LoopVerticles.deploy(vertx, test, VERTICLES, KEYS,
                () -> RedisClient.builder().uri(uri).connectionsPerNode(FastpathVertx.connectionsForEveryLoop(vertx))
                        .commandListener(moments),
                "cluster-on-loops", loops -> test.verify(() -> {
                    assertThat(moments.commands()).isEqualTo(VERTICLES * KEYS * 2);
                    assertThat(moments.nodes()).hasSize(3);
                    assertThat(moments.offLoop()).isEmpty();
                    assertThat(moments.loops()).isEqualTo(loops).hasSizeGreaterThan(1);
                }));
    }

    @Test
    void aCodecViewWithATimeoutReadsTheUsersTypesFromEveryPrimary(Vertx vertx, VertxTestContext test) {
        String uri = cluster.cluster().primaries().get(0).uri();
        Context context = vertx.getOrCreateContext();
        context.runOnContext(start -> FastpathVertx.shared(vertx, uri).compose(fastpath -> {
            RedisVertxCommands<MoneyCodec.OrderId, MoneyCodec.Money> orders =
                    fastpath.withCodec(MoneyCodec.CODEC).withTimeout(Duration.ofSeconds(5));
            List<MoneyCodec.OrderId> ids = new ArrayList<>();
            List<Future<Boolean>> writes = new ArrayList<>();
            for (long id = 0; id < 60; id++) {
                ids.add(new MoneyCodec.OrderId(id));
                writes.add(orders.set(new MoneyCodec.OrderId(id), new MoneyCodec.Money(id * 100, "EUR")));
            }
            return Future.all(writes).compose(written -> orders.mget(ids)); // split by slot, reassembled in order
        }).onComplete(test.succeeding(amounts -> test.verify(() -> {
            assertThat(Vertx.currentContext()).isSameAs(context);
            assertThat(amounts).extracting(MoneyCodec.Money::cents).containsExactlyElementsOf(
                    LongStream.range(0, 60).map(id -> id * 100).boxed().toList());
            test.completeNow();
        }))));
    }
}
