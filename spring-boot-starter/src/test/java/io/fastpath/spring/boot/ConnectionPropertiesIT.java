package io.fastpath.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.spring.FastpathConnectionFactory;
import io.fastpath.testkit.RedisClusterExtension;
import io.fastpath.testkit.RedisServer;
import io.fastpath.testkit.TlsCertificates;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.ssl.SslAutoConfiguration;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

/** The connection properties that need a server of their own kind: ACL credentials, cluster nodes, an SSL bundle. */
class ConnectionPropertiesIT {
    @RegisterExtension
    static final RedisClusterExtension CLUSTER = RedisClusterExtension.of(3, 0);

    private final ApplicationContextRunner runner = new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(
            FastpathRedisAutoConfiguration.class, DataRedisAutoConfiguration.class, SslAutoConfiguration.class));

    @Test
    void usernameAndPasswordAuthenticateEveryConnection() {
        try (RedisServer server = RedisServer.builder().password("s3cret-boot").start()) {
            runner.withPropertyValues("spring.data.redis.port=" + server.port(), "spring.data.redis.username=default",
                    "spring.data.redis.password=s3cret-boot").run(context -> {
                        StringRedisTemplate template = context.getBean(StringRedisTemplate.class);
                        template.opsForValue().set("auth", "ok");
                        assertThat(template.opsForValue().get("auth")).isEqualTo("ok");
                    });
        }
    }

    @Test
    void clusterNodesMakeAClusterClient() {
        var nodes = CLUSTER.cluster().primaries();
        runner.withPropertyValues("spring.data.redis.cluster.nodes=" + nodes.get(0).host() + ":" + nodes.get(0).port() + ","
                + nodes.get(1).host() + ":" + nodes.get(1).port()).run(context -> {
                    FastpathConnectionFactory factory = (FastpathConnectionFactory) context.getBean(RedisConnectionFactory.class);
                    assertThat(factory.isCluster()).isTrue();
                    StringRedisTemplate template = context.getBean(StringRedisTemplate.class);
                    for (int i = 0; i < 50; i++) {
                        template.opsForValue().set("boot:" + i, "v" + i);
                    }
                    assertThat(template.keys("boot:*")).hasSize(50);
                });
    }

    @Test
    void callerDrivenIoOnSeveralClusterNodesServesTheTemplateOnEveryNode() {
        var nodes = CLUSTER.cluster().primaries();
        runner.withPropertyValues("spring.data.redis.cluster.nodes=" + nodes.get(0).host() + ":" + nodes.get(0).port() + ","
                + nodes.get(1).host() + ":" + nodes.get(1).port(), "fastpath.caller-driven-io=true").run(context -> {
                    FastpathConnectionFactory factory = (FastpathConnectionFactory) context.getBean(RedisConnectionFactory.class);
                    assertThat(factory.client().toString()).contains("caller-driven I/O");
                    StringRedisTemplate template = context.getBean(StringRedisTemplate.class);
                    for (int i = 0; i < 30; i++) { // 30 keys spread over the three primaries' slots
                        template.opsForValue().set("driven:" + i, "v" + i);
                    }
                    for (int i = 0; i < 30; i++) {
                        assertThat(template.opsForValue().get("driven:" + i)).isEqualTo("v" + i);
                    }
                });
    }

    @Test
    void anSslBundleTrustsTheServersCertificateAuthority() {
        try (TlsCertificates certificates = TlsCertificates.generate();
             RedisServer server = RedisServer.builder().tls(certificates.serverCertificate(), certificates.serverKey(),
                     certificates.caCertificate(), false).start()) {
            runner.withPropertyValues("spring.data.redis.host=localhost", "spring.data.redis.port=" + server.tlsPort(),
                    "spring.data.redis.ssl.enabled=true", "spring.data.redis.ssl.bundle=redis",
                    "spring.ssl.bundle.pem.redis.truststore.certificate=file:" + certificates.caCertificate()).run(context -> {
                        StringRedisTemplate template = context.getBean(StringRedisTemplate.class);
                        template.opsForValue().set("tls", "on");
                        assertThat(template.opsForValue().get("tls")).isEqualTo("on");
                    });
        }
    }
}
