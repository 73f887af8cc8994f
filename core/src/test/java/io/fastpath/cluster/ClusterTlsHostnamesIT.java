package io.fastpath.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.RedisClient;
import io.fastpath.RedisEvent;
import io.fastpath.TlsOptions;
import io.fastpath.testkit.KeySlots;
import io.fastpath.testkit.RedisCluster;
import io.fastpath.testkit.RedisClusterExtension;
import io.fastpath.testkit.TlsCertificates;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * TLS nodes whose certificate names only {@code DNS:localhost} (no IP SAN) and that announce {@code localhost}: a
 * connection verified by hostname succeeds only because every node is dialled by name.
 */
class ClusterTlsHostnamesIT {
    static final TlsCertificates certificates = TlsCertificates.generate();

    @RegisterExtension
    static RedisClusterExtension redis = RedisClusterExtension.of(RedisCluster.builder().primaries(3).replicasPerPrimary(0)
            .tls(certificates.hostnameOnlyCertificate(), certificates.hostnameOnlyKey(), certificates.caCertificate())
            .announceHostname("localhost"));

    @AfterAll
    static void deleteCertificates() {
        certificates.close();
    }

    private static TlsOptions verifyingTls() {
        return TlsOptions.builder().trustedCertificates(certificates.caCertificate()).verifyHostname(true).build();
    }

    @Test
    void everyNodeIsVerifiedByTheHostnameItAnnounces() throws Exception {
        RedisCluster cluster = redis.cluster();
        List<RedisEvent> events = new CopyOnWriteArrayList<>();
        try (RedisClient client = RedisClient.builder().uri("rediss://localhost:" + cluster.primaries().get(0).tlsPort())
                .tls(verifyingTls()).connectionsPerNode(1).eventListener(events::add).build()) {
            for (int i = 0; i < 300; i++) {
                client.set("tls-hostname-key:" + i, "value-" + i);
            }
            for (int i = 0; i < 300; i++) {
                String key = "tls-hostname-key:" + i;
                assertThat(cluster.nodeForSlot(KeySlots.slot(key)).call("GET", key)).isEqualTo("value-" + i);
            }
            Set<String> byName = cluster.primaries().stream().map(node -> "localhost:" + node.tlsPort()).collect(Collectors.toSet());
            assertThat(events).filteredOn(e -> e instanceof RedisEvent.Connected)
                    .extracting(e -> ((RedisEvent.Connected) e).node()).containsAll(byName).allMatch(byName::contains);
        }
    }

    @Test
    void aNodeDialledByAnIpItsCertificateDoesNotNameFailsWithAHintAtHostnames() {
        RedisCluster cluster = redis.cluster();
        assertThatThrownBy(() -> RedisClient.builder().uri("rediss://127.0.0.1:" + cluster.primaries().get(0).tlsPort())
                .tls(verifyingTls()).connectTimeout(Duration.ofSeconds(2)).commandTimeout(Duration.ofSeconds(2)).build().close())
                .hasStackTraceContaining("does not name the host dialled, 127.0.0.1")
                .hasStackTraceContaining("cluster-preferred-endpoint-type hostname");
    }
}
