package io.fastpath.opentelemetry;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.RedisClient;
import io.fastpath.testkit.RedisClusterExtension;
import io.fastpath.testkit.RedisServer;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** On a real cluster, each span names the configured seed as its server and the node that served it as its peer. */
class OpenTelemetryClusterIT {
    @RegisterExtension
    static final RedisClusterExtension CLUSTER = RedisClusterExtension.of(3, 0);

    @Test
    void eachSpanNamesTheNodeOwningItsKeyAsItsPeer() {
        RedisServer seed = CLUSTER.cluster().primaries().get(0);
        try (Telemetry telemetry = new Telemetry();
             RedisClient redis = RedisClient.builder().uri(seed.uri())
                     .commandListener(OpenTelemetryCommandListener.builder(telemetry.sdk).spans(SpanMode.ALWAYS)
                             .queryText(true).build()).build()) {
            for (int i = 0; i < 60; i++) {
                redis.set("peer:" + i, "v");
            }
            List<SpanData> sets = telemetry.spansNamed("SET");
            assertThat(sets).hasSize(60);
            for (SpanData span : sets) {
                String key = span.getAttributes().get(AttributeKey.stringKey("db.query.text")).split(" ")[1]; // "SET peer:7 ?"
                RedisServer owner = CLUSTER.cluster().nodeForSlot(CLUSTER.cluster().keySlot(key));
                assertThat(span.getAttributes().get(AttributeKey.longKey("network.peer.port"))).isEqualTo((long) owner.port());
                assertThat(span.getAttributes().get(AttributeKey.longKey("server.port"))).isEqualTo((long) seed.port());
            }
            assertThat(sets.stream().map(span -> span.getAttributes().get(AttributeKey.longKey("network.peer.port"))).distinct())
                    .hasSize(3);
        }
    }
}
