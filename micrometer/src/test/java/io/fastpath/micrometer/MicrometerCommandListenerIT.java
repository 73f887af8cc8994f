package io.fastpath.micrometer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.CacheOptions;
import io.fastpath.RedisClient;
import io.fastpath.RedisNotSentException;
import io.fastpath.RedisOutcomeUnknownException;
import io.fastpath.RedisServerException;
import io.fastpath.RedisTimeoutException;
import io.fastpath.testkit.FaultProxy;
import io.fastpath.testkit.RedisServer;
import io.fastpath.testkit.RedisServerExtension;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.distribution.ValueAtPercentile;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The meters on a SimpleMeterRegistry, fed by a client talking to a real server. */
class MicrometerCommandListenerIT {
    @RegisterExtension
    static final RedisServerExtension REDIS = RedisServerExtension.standalone();

    private static String node() {
        return "127.0.0.1:" + REDIS.server().port();
    }

    private static RedisServer server() {
        return REDIS.server();
    }

    @Test
    void commandTimersCarryTheCommandNodeOutcomeAndErrorAndTimeInSeconds() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        MicrometerCommandListener listener = MicrometerCommandListener.builder(registry).tag("client", "orders")
                .percentiles(0.5, 0.99).build();
        try (RedisClient redis = RedisClient.builder().uri(server().uri()).commandListener(listener).build()) {
            for (int i = 0; i < 10; i++) {
                redis.set("timed", "v" + i);
            }
            assertThat(redis.get("timed")).isEqualTo("v9");

            Timer sets = registry.get(MeterNames.COMMAND_COMPLETION).tags("command", "SET", "node", node(),
                    "outcome", "success", "error", "none", "client", "orders").timer();
            assertThat(sets.count()).isEqualTo(10);
            assertThat(sets.baseTimeUnit()).isEqualTo(TimeUnit.SECONDS);
            assertThat(sets.totalTime(TimeUnit.NANOSECONDS)).isPositive();
            assertThat(sets.takeSnapshot().percentileValues()).extracting(ValueAtPercentile::percentile).containsExactly(0.5, 0.99);
            Timer firstResponse = registry.get(MeterNames.COMMAND_FIRST_RESPONSE).tags("command", "GET", "node", node()).timer();
            assertThat(firstResponse.count()).isEqualTo(1);
            Timer get = registry.get(MeterNames.COMMAND_COMPLETION).tags("command", "GET").timer();
            assertThat(firstResponse.totalTime(TimeUnit.NANOSECONDS)).isLessThanOrEqualTo(get.totalTime(TimeUnit.NANOSECONDS));

            assertThat(registry.get(MeterNames.NETWORK_SENT).tag("node", node()).counter().count())
                    .isEqualTo(10 * "*3\r\n$3\r\nSET\r\n$5\r\ntimed\r\n$2\r\nv0\r\n".length() + "*2\r\n$3\r\nGET\r\n$5\r\ntimed\r\n".length());
            assertThat(registry.get(MeterNames.NETWORK_RECEIVED).tag("node", node()).counter().getId().getBaseUnit()).isEqualTo("bytes");
            assertThat(registry.get(MeterNames.NETWORK_RECEIVED).tag("node", node()).counter().count())
                    .isEqualTo(10 * "+OK\r\n".length() + "$2\r\nv9\r\n".length());
            assertThat(registry.get(MeterNames.CONNECTIONS).tags("node", node(), "state", "ready").gauge().value()).isEqualTo(4);
            assertThat(registry.get(MeterNames.CONNECTIONS).tags("node", node(), "state", "disconnected").gauge().value()).isZero();
            assertThat(registry.get(MeterNames.COMMANDS_QUEUED).tag("node", node()).gauge().value()).isZero();
            assertThat(registry.get(MeterNames.COMMANDS_IN_FLIGHT).tag("node", node()).gauge().value()).isZero();
        }
        assertThat(registry.getMeters()).as("every meter is removed with its client").isEmpty();
    }

    @Test
    void failuresAreTaggedByKind() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        try (FaultProxy proxy = FaultProxy.inFrontOf(server());
             RedisClient redis = RedisClient.builder().uri(proxy.uri()).connectionsPerNode(1).commandTimeout(Duration.ofMillis(300))
                     .commandListener(MicrometerCommandListener.create(registry)).build()) {
            String proxied = "127.0.0.1:" + proxy.port();
            redis.lpush("a-list", "x");
            assertThatThrownBy(() -> redis.get("a-list")).isInstanceOf(RedisServerException.class);
            assertThat(completions(registry, "GET", proxied, "server_error", "WRONGTYPE")).isEqualTo(1);

            redis.set("counter", "0");
            proxy.cutAfterBytes(0); // the INCR reaches the server, its reply is lost with the connection
            assertThatThrownBy(() -> redis.incr("counter")).isInstanceOf(RedisOutcomeUnknownException.class);
            proxy.reset();
            assertThat(completions(registry, "INCR", proxied, "outcome_unknown", "none")).isEqualTo(1);

            redis.set("late", "v");
            proxy.blackhole();
            assertThatThrownBy(() -> redis.get("late")).isInstanceOf(RedisTimeoutException.class);
            proxy.reset();
            assertThat(completions(registry, "GET", proxied, "timeout", "none")).isEqualTo(1);
            Await.until("the reconnect after the cut to be counted",
                    () -> registry.get(MeterNames.RECONNECTS).tag("node", proxied).counter().count() >= 1, Duration.ofSeconds(5));
        }
    }

    @Test
    void aCommandForAServerThatIsDownIsCountedAsNotSent() {
        RedisServer down = RedisServer.start();
        String downNode = "127.0.0.1:" + down.port();
        down.stop();
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        try (RedisClient redis = RedisClient.builder().uri("redis://" + downNode).lazyConnect().connectionsPerNode(1)
                .commandTimeout(Duration.ofMillis(200)).commandListener(MicrometerCommandListener.create(registry)).build()) {
            assertThatThrownBy(() -> redis.get("nowhere")).isInstanceOf(RedisNotSentException.class);
            assertThat(completions(registry, "GET", downNode, "not_sent", "none")).isEqualTo(1);
            assertThat(registry.get(MeterNames.CONNECTIONS).tags("node", downNode, "state", "ready").gauge().value()).isZero();
            assertThat(registry.get(MeterNames.RECONNECTS).tag("node", downNode).counter().count()).isPositive();
        } finally {
            down.close();
        }
    }

    @Test
    void cacheMetersReadTheCachesOwnCounters() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        // Hits counted exactly: a bound of 5 s, or a loaded machine may turn a hit into a read from the server (README)
        try (RedisClient redis = RedisClient.builder().uri(server().uri())
                .clientSideCache(CacheOptions.maxBytes(1 << 20).maxInvalidationDelay(Duration.ofSeconds(5)))
                .commandListener(MicrometerCommandListener.create(registry)).build()) {
            redis.set("cached", "v");
            redis.get("cached"); // a miss, read into the cache
            redis.get("cached"); // a hit
            redis.get("cached"); // a hit

            assertThat(registry.get(MeterNames.CACHE_GETS).tag("result", "hit").functionCounter().count()).isEqualTo(2);
            assertThat(registry.get(MeterNames.CACHE_GETS).tag("result", "miss").functionCounter().count()).isEqualTo(1);
            assertThat(registry.get(MeterNames.CACHE_SIZE).gauge().value()).isEqualTo(1);
            assertThat(registry.get(MeterNames.CACHE_USED).gauge().value()).isPositive();
            assertThat(registry.get(MeterNames.CACHE_USED).gauge().getId().getBaseUnit()).isEqualTo("bytes");
            assertThat(registry.get(MeterNames.COMMAND_COMPLETION).tags("command", "GET", "outcome", "success").timer().count())
                    .as("only the miss went to the server").isEqualTo(1);
        }
        assertThat(registry.getMeters()).isEmpty();
    }

    @Test
    void noTagCarriesAnArgumentValue() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        String secret = "s3cr3t-value-in-an-argument";
        try (RedisClient redis = RedisClient.builder().uri(server().uri()).commandListener(MicrometerCommandListener.create(registry)).build()) {
            redis.set(secret, secret);
            redis.send("CONFIG", "SET", "maxmemory-policy", "noeviction");
            assertThatThrownBy(() -> redis.send("EVAL", "return redis.error_reply('MYERR " + secret + "')", "0"))
                    .isInstanceOf(RedisServerException.class);
            for (Meter meter : registry.getMeters()) {
                assertThat(meter.getId().toString()).doesNotContain(secret, "noeviction", "maxmemory");
            }
            assertThat(completions(registry, "EVAL", node(), "server_error", "MYERR")).isEqualTo(1);
        }
    }

    private static long completions(SimpleMeterRegistry registry, String command, String node, String outcome, String error) {
        return registry.get(MeterNames.COMMAND_COMPLETION)
                .tags("command", command, "node", node, "outcome", outcome, "error", error).timer().count();
    }
}
