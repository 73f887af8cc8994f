package io.fastpath.vertx;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.RedisAsyncCommands;
import io.vertx.core.Future;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** Every typed command of the async API has a Vert.x twin with the same parameters, returning a Future of the same type. */
class VertxViewsMatchAsyncViewsTest {

    @Test
    void everyAsyncCommandHasAFutureTwin() throws Exception {
        int checked = 0;
        for (Method async : RedisAsyncCommands.class.getMethods()) {
            if (async.getReturnType() != CompletableFuture.class || Modifier.isStatic(async.getModifiers())
                    || async.getName().equals("dispatch")) {
                continue;
            }
            Method vertx = RedisVertxCommands.class.getMethod(async.getName(), async.getParameterTypes());
            assertThat(vertx.getGenericReturnType().getTypeName().replace(Future.class.getName(), ""))
                    .as(vertx.toString())
                    .isEqualTo(async.getGenericReturnType().getTypeName().replace(CompletableFuture.class.getName(), ""));
            checked++;
        }
        assertThat(checked).isGreaterThan(150);
    }
}
