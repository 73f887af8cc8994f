package io.fastpath.vertx;

import static org.assertj.core.api.Assertions.assertThat;

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
import java.util.ArrayList;
import java.util.List;
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
}
