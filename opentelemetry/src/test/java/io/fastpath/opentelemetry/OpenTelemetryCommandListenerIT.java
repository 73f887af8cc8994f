package io.fastpath.opentelemetry;

import static io.opentelemetry.sdk.testing.assertj.OpenTelemetryAssertions.assertThat;
import static io.opentelemetry.sdk.testing.assertj.OpenTelemetryAssertions.equalTo;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.RedisClient;
import io.fastpath.RedisNotSentException;
import io.fastpath.RedisServerException;
import io.fastpath.RedisTimeoutException;
import io.fastpath.testkit.FaultProxy;
import io.fastpath.testkit.RedisServer;
import io.fastpath.testkit.RedisServerExtension;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Spans and the duration histogram against a real server, read back from the SDK's in-memory exporters. */
class OpenTelemetryCommandListenerIT {
    static final AttributeKey<String> OPERATION = AttributeKey.stringKey("db.operation.name");
    static final AttributeKey<String> ERROR_TYPE = AttributeKey.stringKey("error.type");

    @RegisterExtension
    static final RedisServerExtension REDIS = RedisServerExtension.standalone();

    private static RedisServer server() {
        return REDIS.server();
    }

    @Test
    void aCommandUnderARequestSpanIsItsClientChildEvenWhenItCompletesOnAnotherThread() throws Exception {
        try (Telemetry telemetry = new Telemetry();
             RedisClient redis = RedisClient.builder().uri(server().uri())
                     .commandListener(OpenTelemetryCommandListener.create(telemetry.sdk)).build()) {
            Span request = telemetry.sdk.getTracer("test").spanBuilder("GET /orders").startSpan();
            CompletableFuture<String> read;
            try (Scope scope = request.makeCurrent()) {
                redis.set("traced", "v");
                read = redis.async().get("traced"); // completes on the completion executor, outside this scope
            }
            String value = read.get();
            request.end();

            SpanData parent = telemetry.spansNamed("GET /orders").get(0);
            for (String name : List.of("SET", "GET")) {
                SpanData span = telemetry.spansNamed(name).get(0);
                assertThat(span).hasKind(SpanKind.CLIENT).hasParent(parent).hasStatus(io.opentelemetry.sdk.trace.data.StatusData.unset())
                        .hasAttributesSatisfyingExactly(
                                equalTo(AttributeKey.stringKey("db.system.name"), "redis"),
                                equalTo(OPERATION, name),
                                equalTo(AttributeKey.stringKey("db.namespace"), "0"),
                                equalTo(AttributeKey.stringKey("server.address"), "127.0.0.1"),
                                equalTo(AttributeKey.longKey("server.port"), server().port()),
                                equalTo(AttributeKey.stringKey("network.peer.address"), "127.0.0.1"),
                                equalTo(AttributeKey.longKey("network.peer.port"), server().port()));
            }
            org.assertj.core.api.Assertions.assertThat(value).isEqualTo("v");
        }
    }

    @Test
    void withoutAParentNoSpanIsMadeAndTheHistogramCountsEveryCommandInSeconds() {
        try (Telemetry telemetry = new Telemetry();
             RedisClient redis = RedisClient.builder().uri(server().uri())
                     .commandListener(OpenTelemetryCommandListener.create(telemetry.sdk)).build()) {
            for (int i = 0; i < 5; i++) {
                redis.set("untraced", "v" + i);
            }
            org.assertj.core.api.Assertions.assertThat(telemetry.spans.getFinishedSpanItems()).isEmpty();
            MetricData duration = telemetry.metrics.collectAllMetrics().stream()
                    .filter(metric -> metric.getName().equals("db.client.operation.duration")).findFirst().orElseThrow();
            assertThat(duration).hasUnit("s").hasDescription("Duration of database client operations.")
                    .hasHistogramSatisfying(histogram -> histogram.hasPointsSatisfying(point -> point
                            .hasCount(5)
                            .hasBucketBoundaries(0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1.0, 5.0, 10.0)
                            .hasAttributesSatisfyingExactly(
                                    equalTo(AttributeKey.stringKey("db.system.name"), "redis"),
                                    equalTo(OPERATION, "SET"),
                                    equalTo(AttributeKey.stringKey("db.namespace"), "0"),
                                    equalTo(AttributeKey.stringKey("server.address"), "127.0.0.1"),
                                    equalTo(AttributeKey.longKey("server.port"), server().port()),
                                    equalTo(AttributeKey.stringKey("network.peer.address"), "127.0.0.1"),
                                    equalTo(AttributeKey.longKey("network.peer.port"), server().port()))));
        }
    }

    @Test
    void failuresCarryTheirErrorTypeAndAnErrorStatusButNoMessage() {
        try (Telemetry telemetry = new Telemetry();
             FaultProxy proxy = FaultProxy.inFrontOf(server());
             RedisClient redis = RedisClient.builder().uri(proxy.uri()).connectionsPerNode(1).commandTimeout(Duration.ofMillis(300))
                     .commandListener(OpenTelemetryCommandListener.builder(telemetry.sdk).spans(SpanMode.ALWAYS).build()).build()) {
            redis.lpush("a-list", "x");
            assertThatThrownBy(() -> redis.get("a-list")).isInstanceOf(RedisServerException.class);
            redis.set("late", "v");
            proxy.blackhole();
            assertThatThrownBy(() -> redis.get("late")).isInstanceOf(RedisTimeoutException.class);
            proxy.reset();

            List<SpanData> gets = telemetry.spansNamed("GET");
            assertThat(gets.get(0)).hasStatus(io.opentelemetry.sdk.trace.data.StatusData.error())
                    .hasAttribute(ERROR_TYPE, "WRONGTYPE")
                    .hasAttribute(AttributeKey.stringKey("db.response.status_code"), "WRONGTYPE")
                    .hasTotalRecordedEvents(0);
            assertThat(gets.get(1)).hasStatus(io.opentelemetry.sdk.trace.data.StatusData.error())
                    .hasAttribute(ERROR_TYPE, "timeout");
            org.assertj.core.api.Assertions.assertThat(gets.get(1).getAttributes().get(AttributeKey.stringKey("db.response.status_code"))).isNull();
            org.assertj.core.api.Assertions.assertThat(telemetry.durationCount(ERROR_TYPE, "WRONGTYPE")).isEqualTo(1);
            org.assertj.core.api.Assertions.assertThat(telemetry.durationCount(ERROR_TYPE, "timeout")).isEqualTo(1);
        }
    }

    @Test
    void aCommandForAServerThatIsDownIsANotSentError() {
        RedisServer down = RedisServer.start();
        int port = down.port();
        down.stop();
        try (Telemetry telemetry = new Telemetry();
             RedisClient redis = RedisClient.builder().uri("redis://127.0.0.1:" + port).lazyConnect()
                     .commandTimeout(Duration.ofMillis(200))
                     .commandListener(OpenTelemetryCommandListener.create(telemetry.sdk)).build()) {
            assertThatThrownBy(() -> redis.get("nowhere")).isInstanceOf(RedisNotSentException.class);
            org.assertj.core.api.Assertions.assertThat(telemetry.durationCount(ERROR_TYPE, "io.fastpath.RedisNotSentException"))
                    .isEqualTo(1);
        } finally {
            down.close();
        }
    }

    @Test
    void aPipelinedBatchUnderOneParentGetsAtMostTheLimitOfSpansAndTheHistogramCountsEveryCommand() {
        try (Telemetry telemetry = new Telemetry();
             RedisClient redis = RedisClient.builder().uri(server().uri())
                     .commandListener(OpenTelemetryCommandListener.builder(telemetry.sdk).maxSpansPerParent(10).build()).build()) {
            Span batch = telemetry.sdk.getTracer("test").spanBuilder("import").startSpan();
            List<CompletableFuture<?>> writes = new ArrayList<>();
            try (Scope scope = batch.makeCurrent()) {
                for (int i = 0; i < 1000; i++) {
                    writes.add(redis.async().set("batch:" + i, "v"));
                }
            }
            CompletableFuture.allOf(writes.toArray(new CompletableFuture<?>[0])).join();
            batch.end();

            List<SpanData> sets = telemetry.spansNamed("SET");
            org.assertj.core.api.Assertions.assertThat(sets).hasSize(10);
            org.assertj.core.api.Assertions.assertThat(sets.stream().filter(span -> Boolean.TRUE.equals(
                    span.getAttributes().get(AttributeKey.booleanKey("fastpath.parent.span_limit_reached"))))).hasSize(1);
            org.assertj.core.api.Assertions.assertThat(telemetry.durationCount(OPERATION, "SET")).isEqualTo(1000);
        }
    }

    @Test
    void noAttributeCarriesAPasswordOrAnArgumentValueEvenWithTheQueryText() {
        String password = "pa55-word-never-exported";
        String value = "a-value-never-exported";
        RedisServer secured = RedisServer.builder().password(password).start();
        try (Telemetry telemetry = new Telemetry();
             RedisClient redis = RedisClient.builder().uri(secured.uri()).credentials(null, password)
                     .commandListener(OpenTelemetryCommandListener.builder(telemetry.sdk).spans(SpanMode.ALWAYS)
                             .queryText(true).build()).build()) {
            redis.set("session:1", value);
            redis.send("CONFIG", "SET", "maxmemory-policy", "noeviction");
            assertThatThrownBy(() -> redis.send("EVAL", "return redis.error_reply('MYERR " + value + "')", "0"))
                    .isInstanceOf(RedisServerException.class);

            assertThat(telemetry.spansNamed("SET").get(0)).hasAttribute(AttributeKey.stringKey("db.query.text"), "SET session:1 ?");
            assertThat(telemetry.spansNamed("CONFIG").get(0)).hasAttribute(AttributeKey.stringKey("db.query.text"), "CONFIG SET ? ?");
            assertThat(telemetry.spansNamed("EVAL").get(0)).hasAttribute(ERROR_TYPE, "MYERR");
            org.assertj.core.api.Assertions.assertThat(telemetry.spansNamed("HELLO")).as("the handshake is not traced").isEmpty();
            org.assertj.core.api.Assertions.assertThat(telemetry.everyAttributeValue()).isNotEmpty()
                    .allSatisfy(attribute -> org.assertj.core.api.Assertions.assertThat(attribute)
                            .doesNotContain(password, value, "noeviction"));
        } finally {
            secured.close();
        }
    }
}
