package io.fastpath.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.RedisNotSentException;
import io.fastpath.testkit.RedisServer;
import io.fastpath.testkit.RespClient;
import io.fastpath.testkit.SentinelDeployment;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.redis.RedisConnectionFailureException;
import org.springframework.data.redis.RedisSystemException;
import org.springframework.data.redis.connection.NamedNode;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisNode;
import org.springframework.data.redis.connection.RedisSentinelConfiguration;
import org.springframework.data.redis.connection.RedisSentinelConnection;
import org.springframework.data.redis.core.ReactiveStringRedisTemplate;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * The factory made from Spring's {@link RedisSentinelConfiguration}, against a primary, two replicas and three real
 * Sentinels whose password differs from the data nodes': the templates across a failover, and the Sentinel connection.
 * The failover runs last, so the other tests need not wait the ~10 s Sentinel takes to reconfigure the demoted primary.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SentinelTemplateIT {
    private static final String DATA_PASSWORD = "data-secret";
    private static final String SENTINEL_PASSWORD = "sentinel-secret";
    private static final int DATABASE = 3;

    private static SentinelDeployment deployment;
    private static FastpathConnectionFactory factory;

    @BeforeAll
    static void start() {
        deployment = SentinelDeployment.builder().dataPassword(DATA_PASSWORD).sentinelPassword(SENTINEL_PASSWORD).start();
        factory = new FastpathConnectionFactory(configuration(deployment.sentinels()));
        factory.afterPropertiesSet();
    }

    @AfterAll
    static void stop() {
        if (factory != null) {
            factory.destroy();
        }
        if (deployment != null) {
            deployment.close();
        }
    }

    private static RedisSentinelConfiguration configuration(List<RedisServer> sentinels) {
        RedisSentinelConfiguration configuration = new RedisSentinelConfiguration().master(deployment.primaryName());
        for (RedisServer sentinel : sentinels) {
            configuration.sentinel(sentinel.host(), sentinel.port());
        }
        configuration.setPassword(DATA_PASSWORD);
        configuration.setSentinelPassword(SENTINEL_PASSWORD);
        configuration.setDatabase(DATABASE);
        return configuration;
    }

    private static NamedNode master() {
        return RedisNode.newRedisNode().withName(deployment.primaryName()).build();
    }

    @Test
    @Order(Integer.MAX_VALUE)
    void bothTemplatesKeepWorkingAcrossAFailoverAskedForThroughTheSentinelConnection() throws Exception {
        StringRedisTemplate template = new StringRedisTemplate(factory);
        ReactiveStringRedisTemplate reactive = new ReactiveStringRedisTemplate(factory);
        RedisServer old = deployment.primary();
        RedisServer promoted;
        List<Long> blockingValues;
        List<Long> reactiveValues;
        try (CounterWriter blocking = CounterWriter.start("blocking-writer", () -> template.opsForValue().increment("failover:blocking"));
             CounterWriter reactiveWriter = CounterWriter.start("reactive-writer",
                     () -> reactive.opsForValue().increment("failover:reactive").block())) {
            blocking.awaitAcknowledged(100);
            reactiveWriter.awaitAcknowledged(100);
            try (RedisSentinelConnection sentinel = factory.getSentinelConnection()) {
                sentinel.failover(master());
            }
            promoted = deployment.awaitNewPrimary(old);
            blocking.awaitAcknowledged(100);
            reactiveWriter.awaitAcknowledged(100);
            blockingValues = blocking.stop();
            reactiveValues = reactiveWriter.stop();
            // A command held through the failover may reach its deadline unsent; nothing else may fail.
            assertThat(blocking.failures).allSatisfy(SentinelTemplateIT::assertNotSent);
            assertThat(reactiveWriter.failures).allSatisfy(SentinelTemplateIT::assertNotSent);
        }
        assertThat(promoted).isNotSameAs(old);
        // Every acknowledged INCR, before and after the failover, is on the new primary: none lost, none run twice.
        assertThat(blockingValues).hasSizeGreaterThanOrEqualTo(200)
                .isEqualTo(LongStream.rangeClosed(1, blockingValues.size()).boxed().toList());
        assertThat(reactiveValues).hasSizeGreaterThanOrEqualTo(200)
                .isEqualTo(LongStream.rangeClosed(1, reactiveValues.size()).boxed().toList());
        try (RespClient admin = promoted.admin()) {
            admin.call("SELECT", Integer.toString(DATABASE));
            assertThat(admin.call("GET", "failover:blocking")).isEqualTo(Long.toString(blockingValues.size()));
            assertThat(admin.call("GET", "failover:reactive")).isEqualTo(Long.toString(reactiveValues.size()));
        }
    }

    private static void assertNotSent(RuntimeException failure) {
        assertThat(failure).isInstanceOf(RedisConnectionFailureException.class).hasCauseInstanceOf(RedisNotSentException.class);
    }

    @Test
    void theDataNodesGetTheirPasswordAndDatabaseAndSelectMovesAConnectionToAnother() {
        StringRedisTemplate template = new StringRedisTemplate(factory);
        template.opsForValue().set("sentinel:db", "in-3");
        try (RedisConnection connection = factory.getConnection()) {
            connection.select(5);
            connection.stringCommands().set("sentinel:db".getBytes(), "in-5".getBytes());
        }
        try (RespClient admin = deployment.primary().admin()) {
            admin.call("SELECT", Integer.toString(DATABASE));
            assertThat(admin.call("GET", "sentinel:db")).isEqualTo("in-3");
            admin.call("SELECT", "5");
            assertThat(admin.call("GET", "sentinel:db")).isEqualTo("in-5");
        }
    }

    @Test
    void theSentinelConnectionListsTheMasterAndItsReplicasAsTheDeploymentHasThem() throws IOException {
        RedisServer primary = deployment.primary();
        try (RedisSentinelConnection sentinel = factory.getSentinelConnection()) {
            assertThat(sentinel.isOpen()).isTrue();
            assertThat(sentinel.masters()).singleElement().satisfies(master -> {
                assertThat(master.getName()).isEqualTo(deployment.primaryName());
                assertThat(master.getPort()).isEqualTo(primary.port());
                assertThat(master.isMaster()).isTrue();
                assertThat(master.getNumberReplicas()).isEqualTo(2L);
                assertThat(master.getNumberOtherSentinels()).isEqualTo(2L);
                assertThat(master.getQuorum()).isEqualTo(2L);
            });
            assertThat(sentinel.replicas(master())).extracting(RedisNode::getPort)
                    .containsExactlyInAnyOrderElementsOf(deployment.replicas().stream().map(RedisServer::port).toList());
        }
    }

    @Test
    void aConnectionOfTheFactoryOpensTheSameSentinelConnectionAsTheFactory() throws IOException {
        try (RedisConnection connection = factory.getConnection();
             RedisSentinelConnection sentinel = connection.getSentinelConnection()) {
            assertThat(sentinel.masters()).extracting(master -> master.getName())
                    .containsExactly(deployment.primaryName());
        }
    }

    @Test
    void monitorAndRemoveChangeWhatTheSentinelWatches() throws IOException {
        try (RedisServer lone = RedisServer.start();
             RedisSentinelConnection sentinel = factory.getSentinelConnection()) {
            org.springframework.data.redis.connection.RedisServer watched =
                    new org.springframework.data.redis.connection.RedisServer(lone.host(), lone.port());
            watched.setName("extra");
            watched.setQuorum(2L);
            sentinel.monitor(watched);
            assertThat(sentinel.masters()).extracting(RedisNode::getName).containsExactlyInAnyOrder(deployment.primaryName(), "extra");
            sentinel.remove(watched);
            assertThat(sentinel.masters()).extracting(RedisNode::getName).containsExactly(deployment.primaryName());
        }
    }

    @Test
    void aSentinelsErrorKeepsItsLineAndAClosedConnectionRefusesCommands() throws IOException {
        RedisSentinelConnection sentinel = factory.getSentinelConnection();
        assertThatThrownBy(() -> sentinel.replicas(RedisNode.newRedisNode().withName("no-such-master").build()))
                .isInstanceOf(RedisSystemException.class)
                .hasMessageContaining("No such master with that name");
        sentinel.close();
        assertThat(sentinel.isOpen()).isFalse();
        assertThatThrownBy(sentinel::masters).isInstanceOf(InvalidDataAccessApiUsageException.class);
    }

    @Test
    void theSentinelConnectionGoesToTheFirstSentinelThatAnswers() throws IOException {
        int silent = closedPort();
        RedisSentinelConfiguration configuration = configuration(deployment.sentinels());
        configuration.setSentinels(List.of(new RedisNode(RedisServer.HOST, silent), new RedisNode(RedisServer.HOST,
                deployment.sentinels().get(1).port())));
        FastpathConnectionFactory unstarted = new FastpathConnectionFactory(configuration); // the Sentinel connection needs no data client
        try (RedisSentinelConnection sentinel = unstarted.getSentinelConnection()) {
            assertThat(sentinel.masters()).extracting(RedisNode::getName).containsExactly(deployment.primaryName());
        }
        configuration.setSentinels(List.of(new RedisNode(RedisServer.HOST, silent)));
        assertThatThrownBy(new FastpathConnectionFactory(configuration)::getSentinelConnection)
                .isInstanceOf(RedisConnectionFailureException.class)
                .hasMessageContaining("no Sentinel of")
                .hasMessageContaining(RedisServer.HOST + ":" + silent + ": ");
    }

    private static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(RedisServer.HOST))) {
            return socket.getLocalPort(); // nothing listens there once it is closed
        }
    }
}
