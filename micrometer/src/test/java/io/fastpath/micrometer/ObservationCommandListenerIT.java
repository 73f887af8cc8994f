package io.fastpath.micrometer;

import static io.micrometer.observation.tck.TestObservationRegistryAssert.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.RedisClient;
import io.fastpath.RedisServerException;
import io.fastpath.testkit.RedisServer;
import io.fastpath.testkit.RedisServerExtension;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Commands as Micrometer Observations, checked with Micrometer's own test registry. */
class ObservationCommandListenerIT {
    @RegisterExtension
    static final RedisServerExtension REDIS = RedisServerExtension.standalone();

    private static RedisServer server() {
        return REDIS.server();
    }

    @Test
    void aCommandIsAStoppedObservationChildOfTheCallersWithTheDatabaseConventionsKeys() {
        TestObservationRegistry registry = TestObservationRegistry.create();
        try (RedisClient redis = RedisClient.builder().uri(server().uri())
                .commandListener(new ObservationCommandListener(registry, null, true)).build()) {
            Observation request = Observation.start("http.server.request", registry);
            try (Observation.Scope scope = request.openScope()) {
                redis.set("observed:1", "a-secret-value");
            }
            request.stop();

            assertThat(registry).hasObservationWithNameEqualTo("fastpath.command").that()
                    .hasContextualNameEqualTo("SET")
                    .hasBeenStarted()
                    .hasBeenStopped()
                    .hasParentObservationEqualTo(request)
                    .hasLowCardinalityKeyValue("db.system.name", "redis")
                    .hasLowCardinalityKeyValue("db.operation.name", "SET")
                    .hasLowCardinalityKeyValue("db.namespace", "0")
                    .hasLowCardinalityKeyValue("server.address", "127.0.0.1")
                    .hasLowCardinalityKeyValue("server.port", Integer.toString(server().port()))
                    .hasLowCardinalityKeyValue("network.peer.port", Integer.toString(server().port()))
                    .hasLowCardinalityKeyValue("outcome", "success")
                    .hasLowCardinalityKeyValue("error.type", "none")
                    .hasHighCardinalityKeyValue("db.query.text", "SET observed:1 ?")
                    .doesNotHaveError();
        }
    }

    @Test
    void aServerErrorIsReportedWithItsCodeAndWithoutTheServersMessage() {
        TestObservationRegistry registry = TestObservationRegistry.create();
        try (RedisClient redis = RedisClient.builder().uri(server().uri())
                .commandListener(new ObservationCommandListener(registry)).build()) {
            redis.lpush("observed:list", "x");
            assertThatThrownBy(() -> redis.get("observed:list")).isInstanceOf(RedisServerException.class);

            assertThat(registry).hasAnObservation(observation -> observation
                    .hasContextualNameEqualTo("GET")
                    .hasLowCardinalityKeyValue("outcome", "server_error")
                    .hasLowCardinalityKeyValue("error.type", "WRONGTYPE")
                    .doesNotHaveParentObservation()
                    .assertThatError().isInstanceOf(ObservationCommandListener.CommandFailure.class)
                    .hasMessage("WRONGTYPE"));
        }
    }

    @Test
    void withMicrometersMeterHandlerAsSpringBootInstallsItEachCommandIsTimedAsFastpathCommand() {
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        ObservationRegistry registry = ObservationRegistry.create();
        registry.observationConfig().observationHandler(new DefaultMeterObservationHandler(meters));
        try (RedisClient redis = RedisClient.builder().uri(server().uri())
                .commandListener(new ObservationCommandListener(registry)).build()) {
            redis.set("metered", "v");
            redis.get("metered");

            Timer sets = meters.get("fastpath.command").tags("db.operation.name", "SET", "db.system.name", "redis",
                    "outcome", "success", "error.type", "none").timer();
            org.assertj.core.api.Assertions.assertThat(sets.count()).isEqualTo(1);
            org.assertj.core.api.Assertions.assertThat(meters.get("fastpath.command.active").longTaskTimer().activeTasks()).isZero();
        }
    }
}
