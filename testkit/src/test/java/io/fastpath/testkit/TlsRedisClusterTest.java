package io.fastpath.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The kit's fault helpers on a cluster whose replication runs over TLS, where ROLE names the primaries' TLS ports. */
class TlsRedisClusterTest {

    @Test
    void aKilledPrimaryIsReplacedAndASlotMigratesOnAClusterWhoseNodesSpeakTlsToEachOther() {
        TlsCertificates certificates = TlsCertificates.generate();
        try (RedisCluster cluster = RedisCluster.builder().primaries(3).replicasPerPrimary(1)
                .nodeTimeout(Duration.ofMillis(1000))
                .tls(certificates.serverCertificate(), certificates.serverKey(), certificates.caCertificate()).start()) {
            RedisServer primary = cluster.primaries().get(0);
            assertThat(cluster.replicasOf(primary)).hasSize(1);
            RedisServer replica = cluster.replicasOf(primary).get(0);

            cluster.killPrimary(primary);
            assertThat(cluster.awaitPromotion(primary)).isSameAs(replica);
            primary.restart();
            cluster.awaitStable();

            assertThat(cluster.replicasOf(replica)).containsExactly(primary);

            String key = "{tls-moved}key";
            int slot = cluster.keySlot(key);
            RedisServer owner = cluster.nodeForSlot(slot);
            RedisServer target = cluster.primaries().stream().filter(node -> node != owner).findFirst().orElseThrow();
            owner.call("SET", key, "moved over TLS");
            cluster.migrateSlot(slot, target); // MIGRATE between the nodes speaks TLS: it needs the target's TLS port
            assertThat(cluster.nodeForSlot(slot)).isSameAs(target);
            assertThat(target.call("GET", key)).isEqualTo("moved over TLS");
        }
    }
}
