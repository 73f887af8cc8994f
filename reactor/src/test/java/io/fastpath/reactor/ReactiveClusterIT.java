package io.fastpath.reactor;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.RedisClient;
import io.fastpath.command.ScanArgs;
import io.fastpath.testkit.RedisClusterExtension;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import reactor.core.publisher.Flux;
import reactor.test.StepVerifier;
import reactor.util.context.Context;

/** The reactive views on a cluster: keys routed by slot, SCAN over every primary, the context on every command. */
class ReactiveClusterIT {
    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final int KEYS = 500;

    @RegisterExtension
    static RedisClusterExtension cluster = RedisClusterExtension.of(3, 0);

    @Test
    void writesAndReadsAcrossEverySlotOwnerAndScansEveryPrimary() {
        List<String> names = new CopyOnWriteArrayList<>();
        CommandObserver observer = (command, context) -> {
            names.add(command.name() + "/" + context.getOrDefault("request", "-"));
            return CommandObserver.Observation.NONE;
        };
        try (RedisClient client = RedisClient.create(cluster.cluster().primaries().get(0).uri())) {
            RedisReactiveClient reactive = FastpathReactive.of(client, ReactiveOptions.defaults().commandObserver(observer));

            StepVerifier.create(Flux.range(0, KEYS).flatMap(i -> reactive.set("key:" + i, "v" + i), 64)
                            .contextWrite(Context.of("request", "fill")).count())
                    .expectNext((long) KEYS).verifyComplete();
            StepVerifier.create(Flux.range(0, KEYS).concatMap(i -> reactive.get("key:" + i)).collectList())
                    .assertNext(values -> assertThat(values).hasSize(KEYS).startsWith("v0", "v1").endsWith("v" + (KEYS - 1)))
                    .verifyComplete();
            Set<String> scanned = new HashSet<>(reactive.scan(ScanArgs.none().count(50)).collectList().block(WAIT));

            assertThat(scanned).hasSize(KEYS);
            assertThat(names.stream().filter(name -> name.equals("SET/fill")).count()).isEqualTo(KEYS);
            List<Long> keysPerPrimary = cluster.cluster().primaries().stream()
                    .map(node -> Long.parseLong(node.call("DBSIZE").toString())).toList();
            assertThat(keysPerPrimary).hasSize(3).allMatch(count -> count > 0); // the SCAN above covered three nodes
        }
    }

    @Test
    void aCodecViewWithATimeoutRoutesTheUsersKeysToTheirSlots() {
        try (RedisClient client = RedisClient.create(cluster.cluster().primaries().get(0).uri())) {
            RedisReactiveCommands<SensorCodec.Sensor, SensorCodec.Reading> sensors =
                    FastpathReactive.of(client).withCodec(SensorCodec.CODEC).withTimeout(Duration.ofSeconds(5));
            List<SensorCodec.Sensor> all = Flux.range(0, 60).map(i -> new SensorCodec.Sensor("site" + i, i)).collectList().block(WAIT);

            StepVerifier.create(Flux.fromIterable(all).flatMap(sensor -> sensors.set(sensor, new SensorCodec.Reading(sensor.number(), "C")))
                    .count()).expectNext(60L).verifyComplete();
            StepVerifier.create(sensors.mget(all)) // across every primary: split by slot, reassembled in order
                    .assertNext(readings -> assertThat(readings).extracting(SensorCodec.Reading::celsius)
                            .containsExactlyElementsOf(all.stream().map(sensor -> (double) sensor.number()).toList()))
                    .verifyComplete();
            StepVerifier.create(sensors.scan(ScanArgs.none().match("sensor:*")).collectList())
                    .assertNext(keys -> assertThat(keys).containsExactlyInAnyOrderElementsOf(all)).verifyComplete();
            client.flushall(); // the other test counts every key it scans
        }
    }
}
