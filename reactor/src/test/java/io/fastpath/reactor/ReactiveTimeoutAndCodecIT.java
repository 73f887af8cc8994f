package io.fastpath.reactor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.RedisArgumentException;
import io.fastpath.RedisClient;
import io.fastpath.RedisTimeoutException;
import io.fastpath.command.ScanArgs;
import io.fastpath.command.StreamEntry;
import io.fastpath.reactor.SensorCodec.Reading;
import io.fastpath.reactor.SensorCodec.Sensor;
import io.fastpath.testkit.Conditions;
import io.fastpath.testkit.RedisServerExtension;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import reactor.test.StepVerifier;

/** The reactive views' {@code withTimeout} and {@code withCodec} against a real server. */
class ReactiveTimeoutAndCodecIT {
    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final Sensor KITCHEN = new Sensor("home", 1);
    private static final Sensor CELLAR = new Sensor("home", 2);
    private static final Reading WARM = new Reading(21.5, "C");
    private static final Reading COLD = new Reading(-3.25, "C");

    @RegisterExtension
    static RedisServerExtension redis = RedisServerExtension.standalone();

    private RedisClient client;
    private RedisReactiveClient reactive;

    private void connect(Duration commandTimeout) {
        client = RedisClient.builder().uri(redis.server().uri()).connectionsPerNode(1).commandTimeout(commandTimeout).build();
        reactive = FastpathReactive.of(client);
        client.flushall();
        ServerStats.resetStats(redis.server());
    }

    @BeforeEach
    void defaults() {
        connect(Duration.ofSeconds(30));
    }

    @AfterEach
    void close() {
        redis.server().call("CLIENT", "UNPAUSE");
        client.close();
    }

    /** From now on writes wait on the server, and every command behind one on the same connection. */
    private void pauseWrites() {
        redis.server().call("CLIENT", "PAUSE", "60000", "WRITE");
    }

    @Test
    void aMonoOnAShorterTimeoutFailsAtItsDeadlineWhileOneOnTheClientsTimeoutWaits() throws Exception {
        pauseWrites();
        CompletableFuture<Boolean> patient = reactive.set("patient", "client timeout").toFuture();

        StepVerifier.create(reactive.withTimeout(Duration.ofMillis(300)).set("quick", "v"))
                .expectError(RedisTimeoutException.class).verify(WAIT);
        assertThat(patient).isNotDone();

        redis.server().call("CLIENT", "UNPAUSE");
        assertThat(patient.get(WAIT.toSeconds(), TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void aMonoOnALongerTimeoutOutlastsAStallThatFailsTheClientsTimeout() throws Exception {
        client.close();
        connect(Duration.ofMillis(200));
        pauseWrites();
        CompletableFuture<Boolean> patient = reactive.withTimeout(Duration.ofSeconds(30)).set("patient", "v").toFuture();

        StepVerifier.create(reactive.set("hasty", "v")).expectError(RedisTimeoutException.class).verify(WAIT);
        assertThat(patient).isNotDone();

        redis.server().call("CLIENT", "UNPAUSE");
        assertThat(patient.get(WAIT.toSeconds(), TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void aTailUnderAShorterTimeoutKeepsEachReadsBlockTime() {
        // Each XREAD BLOCK 1000 runs to the server's empty answer (its deadline is the block time plus 100 ms), and the
        // tail reads again rather than failing.
        StepVerifier.create(reactive.withTimeout(Duration.ofMillis(100)).xreadFlux("events", "$", Duration.ofSeconds(1)), 1)
                .then(() -> {
                    Conditions.await("a second XREAD after the first came back empty",
                            () -> ServerStats.calls(redis.server(), "xread") >= 2, WAIT);
                    client.xadd("events", Map.of("n", "late"));
                })
                .assertNext(entry -> assertThat(entry.fields()).isEqualTo(Map.of("n", "late")))
                .thenCancel()
                .verify(WAIT);
    }

    @Test
    void aBadTimeoutIsRefusedBeforeAnySubscription() {
        for (Duration bad : new Duration[] {Duration.ZERO, Duration.ofMillis(-1), Duration.ofDays(2), null}) {
            assertThatThrownBy(() -> reactive.withTimeout(bad)).isInstanceOf(RedisArgumentException.class);
            assertThatThrownBy(() -> reactive.binary().withTimeout(bad)).isInstanceOf(RedisArgumentException.class);
            assertThatThrownBy(() -> reactive.withCodec(SensorCodec.CODEC).withTimeout(bad))
                    .isInstanceOf(RedisArgumentException.class);
        }
        assertThatThrownBy(() -> reactive.withCodec(null)).isInstanceOf(RedisArgumentException.class);
        assertThat(ServerStats.calls(redis.server(), "set")).isZero();
    }

    @Test
    void aCodecViewRoundTripsTheUsersTypesAsMonosAndFluxes() {
        RedisReactiveCommands<Sensor, Reading> sensors = reactive.withCodec(SensorCodec.CODEC);
        StepVerifier.create(sensors.set(KITCHEN, WARM).then(sensors.get(KITCHEN))).expectNext(WARM).verifyComplete();
        StepVerifier.create(sensors.get(CELLAR)).verifyComplete(); // a null reply: empty
        StepVerifier.create(sensors.set(CELLAR, COLD).then(sensors.mget(KITCHEN, CELLAR)))
                .expectNext(List.of(WARM, COLD)).verifyComplete();
        StepVerifier.create(sensors.hset(new Sensor("home", 0), Map.of(KITCHEN, WARM, CELLAR, COLD))
                        .then(sensors.hgetAll(new Sensor("home", 0))))
                .expectNext(Map.of(KITCHEN, WARM, CELLAR, COLD)).verifyComplete();
        StepVerifier.create(sensors.scan(ScanArgs.none().match("sensor:{home}:[12]")).collectList())
                .assertNext(keys -> assertThat(keys).containsExactlyInAnyOrder(KITCHEN, CELLAR)).verifyComplete();

        Sensor log = new Sensor("log", 1);
        StepVerifier.create(sensors.xadd(log, Map.of(KITCHEN, WARM)).then(sensors.xadd(log, Map.of(CELLAR, COLD)))).expectNextCount(1)
                .verifyComplete();
        StepVerifier.create(sensors.xrangeFlux(log, "-", "+").map(StreamEntry::fields))
                .expectNext(Map.of(KITCHEN, WARM), Map.of(CELLAR, COLD)).verifyComplete();

        RedisReactiveCommands<Sensor, Reading> quickSensors = sensors.withTimeout(Duration.ofMillis(300));
        StepVerifier.create(quickSensors.get(KITCHEN)).expectNext(WARM).verifyComplete();
        pauseWrites();
        StepVerifier.create(quickSensors.set(KITCHEN, COLD)).expectError(RedisTimeoutException.class).verify(WAIT);
    }
}
