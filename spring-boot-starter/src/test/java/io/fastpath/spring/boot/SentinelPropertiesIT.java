package io.fastpath.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.spring.FastpathConnectionFactory;
import io.fastpath.testkit.RedisServer;
import io.fastpath.testkit.RespClient;
import io.fastpath.testkit.SentinelDeployment;
import io.fastpath.testkit.TlsCertificates;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.ssl.SslAutoConfiguration;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.data.redis.autoconfigure.DataRedisReactiveAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.RedisNode;
import org.springframework.data.redis.connection.RedisSentinelConfiguration;
import org.springframework.data.redis.connection.RedisSentinelConnection;
import org.springframework.data.redis.core.ReactiveStringRedisTemplate;
import org.springframework.data.redis.core.StringRedisTemplate;
import reactor.test.StepVerifier;

/**
 * {@code spring.data.redis.sentinel.*} through Boot's ApplicationContextRunner, against a primary, two replicas and
 * three real Sentinels, all over TLS (an SSL bundle trusting the test CA), the Sentinels with an ACL user of their own
 * apart from the data nodes' password. The failover runs last, so the other test need not wait for Sentinel to
 * reconfigure the demoted primary.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SentinelPropertiesIT {
    private static final String DATA_PASSWORD = "data-secret";
    private static final String SENTINEL_PASSWORD = "sentinel-secret";
    private static final String SENTINEL_USER = "boot-app";
    private static final String SENTINEL_USER_PASSWORD = "boot-app-secret";

    private static TlsCertificates certificates;
    private static SentinelDeployment deployment;

    private final ApplicationContextRunner runner = new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(
            FastpathRedisAutoConfiguration.class, DataRedisAutoConfiguration.class, DataRedisReactiveAutoConfiguration.class,
            SslAutoConfiguration.class));

    @BeforeAll
    static void start() {
        certificates = TlsCertificates.generate();
        deployment = SentinelDeployment.builder().tls(certificates).dataPassword(DATA_PASSWORD).sentinelPassword(SENTINEL_PASSWORD)
                .start();
        for (RedisServer sentinel : deployment.sentinels()) {
            // A user of the application's own on each Sentinel: spring.data.redis.sentinel.username is sent, not 'default'.
            sentinel.call("ACL", "SETUSER", SENTINEL_USER, "on", ">" + SENTINEL_USER_PASSWORD, "allchannels", "+@all");
        }
    }

    @AfterAll
    static void stop() {
        if (deployment != null) {
            deployment.close();
        }
        if (certificates != null) {
            certificates.close();
        }
    }

    /** TLS to the Sentinels and the data nodes, trusting the test CA. */
    private static String[] ssl() {
        return new String[] {
            "spring.data.redis.ssl.enabled=true", "spring.data.redis.ssl.bundle=redis",
            "spring.ssl.bundle.pem.redis.truststore.certificate=file:" + certificates.caCertificate(),
        };
    }

    private static String[] sentinelProperties() {
        return new String[] {
            "spring.data.redis.sentinel.master=" + deployment.primaryName(),
            "spring.data.redis.sentinel.nodes=" + String.join(",", deployment.sentinelAddresses()), // their TLS ports
            "spring.data.redis.sentinel.username=" + SENTINEL_USER,
            "spring.data.redis.sentinel.password=" + SENTINEL_USER_PASSWORD,
            "spring.data.redis.username=default",
            "spring.data.redis.password=" + DATA_PASSWORD,
            "spring.data.redis.database=2",
            "spring.data.redis.client-name=sentinel-boot-it",
        };
    }

    @Test
    @Order(Integer.MAX_VALUE)
    void aContextFromSentinelPropertiesAloneKeepsWorkingAcrossAFailover() {
        runner.withPropertyValues(sentinelProperties()).withPropertyValues(ssl()).run(context -> {
            assertThat(context.getBean(RedisConnectionFactory.class)).isInstanceOf(FastpathConnectionFactory.class);
            StringRedisTemplate template = context.getBean(StringRedisTemplate.class);
            ReactiveStringRedisTemplate reactive = context.getBean(ReactiveStringRedisTemplate.class);
            template.opsForValue().set("boot:before", "blocking");
            StepVerifier.create(reactive.opsForValue().set("boot:reactive-before", "reactive")).expectNext(true).verifyComplete();

            RedisServer promoted = deployment.failover();

            template.opsForValue().set("boot:after", "blocking");
            StepVerifier.create(reactive.opsForValue().set("boot:reactive-after", "reactive")).expectNext(true).verifyComplete();
            try (RespClient admin = promoted.admin()) {
                admin.call("SELECT", "2");
                assertThat(admin.call("MGET", "boot:before", "boot:reactive-before", "boot:after", "boot:reactive-after"))
                        .isEqualTo(List.of("blocking", "reactive", "blocking", "reactive"));
                assertThat((String) admin.call("CLIENT", "LIST")).contains(" name=sentinel-boot-it ");
            }
            // The Sentinel connection speaks TLS and authenticates as the Sentinels' own user (its address in MASTERS may
            // still be the old primary's until the failover ends there; GET-MASTER-ADDR-BY-NAME names the new one first).
            try (RedisSentinelConnection sentinel = context.getBean(FastpathConnectionFactory.class).getSentinelConnection()) {
                assertThat(sentinel.masters()).singleElement().extracting(RedisNode::getName).isEqualTo(deployment.primaryName());
            }
        });
    }

    @Test
    void anApplicationsRedisSentinelConfigurationWinsOverTheProperties() {
        runner.withPropertyValues("spring.data.redis.port=1") // nothing listens there: the bean's Sentinels are used
                .withPropertyValues(ssl())
                .withBean(RedisSentinelConfiguration.class, () -> {
                    RedisSentinelConfiguration configuration = new RedisSentinelConfiguration().master(deployment.primaryName());
                    RedisServer sentinel = deployment.sentinels().get(0);
                    configuration.sentinel(sentinel.host(), sentinel.tlsPort());
                    configuration.setSentinelPassword(SENTINEL_PASSWORD);
                    configuration.setPassword(DATA_PASSWORD);
                    return configuration;
                })
                .run(context -> {
                    context.getBean(StringRedisTemplate.class).opsForValue().set("boot:bean", "from-bean");
                    try (RespClient admin = deployment.primary().admin()) {
                        assertThat(admin.call("GET", "boot:bean")).isEqualTo("from-bean");
                    }
                });
    }
}
