package io.fastpath.sentinel;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.RedisClient;
import io.fastpath.SentinelOptions;
import io.fastpath.Teardown;
import io.fastpath.TlsOptions;
import io.fastpath.testkit.SentinelDeployment;
import io.fastpath.testkit.TlsCertificates;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * TLS on the Sentinel path, set apart for the Sentinels and the data nodes: a deployment that replicates
 * and monitors over TLS (its Sentinels name the data nodes' TLS ports), reached over TLS throughout
 * ({@code rediss-sentinel://}), or through the Sentinels' plain-text ports with TLS to the data nodes only.
 */
class SentinelTlsIT {
    private static TlsCertificates certificates;
    private static SentinelDeployment deployment;

    @BeforeAll
    static void start() {
        certificates = TlsCertificates.generate();
        deployment = SentinelDeployment.builder().tls(certificates).start();
    }

    @AfterAll
    static void stop() throws Exception {
        Teardown.closeAll(deployment, certificates);
    }

    private static TlsOptions trustingTheTestCa() {
        return TlsOptions.builder().trustedCertificates(certificates.caCertificate()).build();
    }

    @Test
    void aRedissSentinelUriSpeaksTlsToTheSentinelsAndToTheDataNodesAndFollowsAFailover() {
        String uri = "rediss-sentinel://" + String.join(",", deployment.sentinelAddresses()) + "/" + deployment.primaryName();
        try (RedisClient redis = RedisClient.builder().tls(trustingTheTestCa()).uri(uri).build()) {
            redis.set("tls:both", "before");
            var promoted = deployment.failover();
            redis.set("tls:both", "after");
            assertThat(promoted.call("GET", "tls:both")).isEqualTo("after");
        }
    }

    @Test
    void theSentinelsCanBeReachedInPlainTextWhileTheDataNodesAreReachedOverTls() {
        try (RedisClient redis = RedisClient.builder()
                .sentinel(SentinelOptions.of(deployment.primaryName(), deployment.sentinelPlainTextAddresses()))
                .tls(trustingTheTestCa())
                .build()) {
            redis.set("tls:data-only", "yes");
            assertThat(deployment.primary().call("GET", "tls:data-only")).isEqualTo("yes");
        }
    }

    @Test
    void theSentinelsCanBeReachedOverTlsWithTheirOwnOptions() {
        try (RedisClient redis = RedisClient.builder()
                .sentinel(SentinelOptions.of(deployment.primaryName(), deployment.sentinelAddresses()).tls(trustingTheTestCa()))
                .tls(trustingTheTestCa())
                .build()) {
            redis.set("tls:sentinels", "yes");
            assertThat(redis.get("tls:sentinels")).isEqualTo("yes");
        }
    }
}
