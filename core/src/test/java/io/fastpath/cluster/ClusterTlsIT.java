package io.fastpath.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.RedisClient;
import io.fastpath.RedisEvent;
import io.fastpath.TlsOptions;
import io.fastpath.testkit.KeySlots;
import io.fastpath.testkit.RedisCluster;
import io.fastpath.testkit.RedisClusterExtension;
import io.fastpath.testkit.RedisServer;
import io.fastpath.testkit.TlsCertificates;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A cluster whose nodes announce TLS ports ({@code tls-cluster yes}): every connection and redirect goes over TLS (case 26). */
class ClusterTlsIT {
    static final TlsCertificates certificates = TlsCertificates.generate();

    @RegisterExtension
    static RedisClusterExtension redis = RedisClusterExtension.of(RedisCluster.builder().primaries(3).replicasPerPrimary(0)
            .tls(certificates.serverCertificate(), certificates.serverKey(), certificates.caCertificate()));

    @AfterAll
    static void deleteCertificates() {
        certificates.close();
    }

    @Test
    void keysLandOnTheirOwnersThroughTheNodesTlsPortsAndMovedFollowsATlsPort() throws Exception {
        RedisCluster cluster = redis.cluster();
        List<RedisEvent> events = new CopyOnWriteArrayList<>();
        TopologyRefreshes refreshes = new TopologyRefreshes();
        try (RedisClient client = RedisClient.builder().uri(cluster.primaries().get(0).tlsUri())
                .tls(TlsOptions.builder().trustedCertificates(certificates.caCertificate()).build())
                .connectionsPerNode(1).eventListener(events::add).commandListener(refreshes).build()) {
            for (int i = 0; i < 300; i++) {
                client.set("tls-key:" + i, "value-" + i);
            }
            for (int i = 0; i < 300; i++) {
                String key = "tls-key:" + i;
                assertThat(cluster.nodeForSlot(KeySlots.slot(key)).call("GET", key)).isEqualTo("value-" + i);
            }

            String moved = "tls-moved-key";
            int slot = KeySlots.slot(moved);
            RedisServer target = cluster.primaries().stream().filter(node -> node != cluster.nodeForSlot(slot))
                    .findFirst().orElseThrow();
            refreshes.awaitStartUpSecondLook(); // the move below is then seen through its MOVED
            cluster.migrateSlot(slot, target);
            client.set(moved, "after-move");
            assertThat(target.call("GET", moved)).isEqualTo("after-move");

            Set<String> tlsPorts = cluster.primaries().stream().map(node -> "127.0.0.1:" + node.tlsPort())
                    .collect(Collectors.toSet());
            assertThat(events).filteredOn(e -> e instanceof RedisEvent.Connected)
                    .extracting(e -> ((RedisEvent.Connected) e).node()).isNotEmpty().allMatch(tlsPorts::contains);
            // Events reach the listener off the I/O threads, after the command that caused them may have returned.
            io.fastpath.Eventually.awaitTrue("the MOVED's Redirected event",
                    () -> events.stream().anyMatch(e -> e instanceof RedisEvent.Redirected), java.time.Duration.ofSeconds(10));
            assertThat(events).filteredOn(e -> e instanceof RedisEvent.Redirected)
                    .extracting(e -> ((RedisEvent.Redirected) e).target()).containsOnly("127.0.0.1:" + target.tlsPort());
        }
    }
}
