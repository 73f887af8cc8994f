package io.fastpath.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.RedisClient;
import io.fastpath.RedisEvent;
import io.fastpath.testkit.RedisServer;
import io.fastpath.testkit.RedisServerExtension;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.data.redis.core.ReactiveStringRedisTemplate;
import reactor.test.StepVerifier;

/** Cancelling a template operation: nothing is sent before a request, and a command cancelled while still queued never runs. */
class ReactiveCancellationIT {
    private static final Duration WAIT = Duration.ofSeconds(10);

    @RegisterExtension
    static final RedisServerExtension redis = RedisServerExtension.standalone();

    @Test
    void anOperationWithoutDemandSendsNothing() {
        FastpathConnectionFactory factory = new FastpathConnectionFactory(() -> RedisClient.builder().uri(redis.server().uri()));
        try {
            ReactiveStringRedisTemplate template = new ReactiveStringRedisTemplate(factory);
            ServerStats.resetStats(redis.server());
            StepVerifier.create(template.opsForValue().set("never", "sent"), 0).expectSubscription().thenCancel().verify(WAIT);
            StepVerifier.create(template.hasKey("never")).expectNext(false).verifyComplete();
            assertThat(ServerStats.calls(redis.server(), "set")).isZero();
        } finally {
            factory.destroy();
        }
    }

    @Test
    void anOperationCancelledWhileItsCommandWaitsToBeWrittenNeverRunsAfterTheServerComesBack() throws Exception {
        RedisServer server = redis.server();
        CountDownLatch disconnected = new CountDownLatch(1);
        FastpathConnectionFactory factory = new FastpathConnectionFactory(() -> RedisClient.builder().uri(server.uri())
                .connectionsPerNode(1).reconnectBackoff(Duration.ofMillis(20), Duration.ofMillis(50))
                .eventListener(event -> {
                    if (event instanceof RedisEvent.Disconnected) {
                        disconnected.countDown();
                    }
                }));
        try {
            factory.afterPropertiesSet();
            ReactiveStringRedisTemplate template = new ReactiveStringRedisTemplate(factory);
            server.stop();
            assertThat(disconnected.await(WAIT.toSeconds(), TimeUnit.SECONDS)).isTrue();

            // The connection is down: both SETs wait in its queue. The first is cancelled there, the second is not.
            StepVerifier.create(template.opsForValue().set("cancelled", "v")).thenCancel().verify(WAIT);
            CompletableFuture<Boolean> control = template.opsForValue().set("kept", "v").toFuture();
            server.restart();
            assertThat(control.get(WAIT.toSeconds(), TimeUnit.SECONDS)).isTrue();

            StepVerifier.create(template.hasKey("kept")).expectNext(true).verifyComplete();
            StepVerifier.create(template.hasKey("cancelled")).expectNext(false).verifyComplete();
            assertThat(ServerStats.calls(server, "set")).isEqualTo(1);
        } finally {
            factory.destroy();
        }
    }
}
