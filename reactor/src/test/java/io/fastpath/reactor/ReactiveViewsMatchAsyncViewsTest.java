package io.fastpath.reactor;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.RedisAsyncCommands;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

/** Every typed command of the async API has a reactive twin with the same parameters, returning a Mono of the same type. */
class ReactiveViewsMatchAsyncViewsTest {

    @Test
    void everyAsyncCommandHasAMonoTwin() throws Exception {
        int checked = 0;
        for (Method async : RedisAsyncCommands.class.getMethods()) {
            if (async.getReturnType() != CompletableFuture.class || Modifier.isStatic(async.getModifiers())
                    || async.getName().equals("dispatch")) {
                continue;
            }
            Method reactive = RedisReactiveCommands.class.getMethod(async.getName(), async.getParameterTypes());
            assertThat(reactive.getReturnType()).as(reactive.toString()).isEqualTo(Mono.class);
            assertThat(reactive.getGenericReturnType().getTypeName().replace(Mono.class.getName(), ""))
                    .as(reactive.toString())
                    .isEqualTo(async.getGenericReturnType().getTypeName().replace(CompletableFuture.class.getName(), ""));
            checked++;
        }
        assertThat(checked).isGreaterThan(150);
    }

    @Test
    void everyScanFamilyHasAFlux() {
        assertThat(Arrays.stream(RedisReactiveCommands.class.getMethods())
                .filter(method -> method.getReturnType() == reactor.core.publisher.Flux.class)
                .map(Method::getName).distinct())
                .contains("scan", "hscan", "sscan", "zscan", "xrangeFlux", "xreadFlux", "xreadGroupFlux");
    }
}
