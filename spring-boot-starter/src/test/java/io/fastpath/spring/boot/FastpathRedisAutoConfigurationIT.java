package io.fastpath.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.CommandListener;
import io.fastpath.ObservedCommand;
import io.fastpath.spring.FastpathConnectionFactory;
import io.fastpath.testkit.Conditions;
import io.fastpath.testkit.RedisServerExtension;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.data.redis.autoconfigure.DataRedisReactiveAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.data.redis.connection.ReactiveRedisConnectionFactory;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.ReactiveRedisTemplate;
import org.springframework.data.redis.core.ReactiveStringRedisTemplate;
import org.springframework.data.redis.core.StringRedisTemplate;
import reactor.test.StepVerifier;

/** The starter from properties alone, through Boot's own ApplicationContextRunner, against a real redis-server. */
class FastpathRedisAutoConfigurationIT {
    @RegisterExtension
    static final RedisServerExtension SERVER = RedisServerExtension.standalone();

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(FastpathRedisAutoConfiguration.class, DataRedisAutoConfiguration.class,
                    DataRedisReactiveAutoConfiguration.class));

    private String hostAndPort() {
        return "spring.data.redis.port=" + SERVER.server().port();
    }

    @Test
    void hostPortDatabaseAndClientNameComeFromSpringDataRedisProperties() {
        runner.withPropertyValues("spring.data.redis.host=127.0.0.1", hostAndPort(), "spring.data.redis.database=2",
                "spring.data.redis.client-name=boot-it", "spring.data.redis.timeout=3s").run(context -> {
            assertThat(context).hasSingleBean(RedisConnectionFactory.class);
            assertThat(context.getBean(RedisConnectionFactory.class)).isInstanceOf(FastpathConnectionFactory.class);
            StringRedisTemplate template = context.getBean(StringRedisTemplate.class);
            template.opsForValue().set("boot:key", "value");
            assertThat(template.opsForValue().get("boot:key")).isEqualTo("value");
            String clients = (String) SERVER.server().call("CLIENT", "LIST");
            assertThat(clients.lines().filter(line -> line.contains(" name=boot-it ")))
                    .hasSize(8).allSatisfy(line -> assertThat(line).contains(" db=2 ")); // caller-driven I/O: 8 per server
        });
    }

    @Test
    void aUrlAndFastpathOptionsAreApplied() {
        runner.withPropertyValues("spring.data.redis.url=redis://127.0.0.1:" + SERVER.server().port() + "/1",
                "spring.data.redis.client-name=url-it", "fastpath.connections-per-node=2").run(context -> {
            context.getBean(StringRedisTemplate.class).opsForValue().set("url:key", "v");
            String clients = (String) SERVER.server().call("CLIENT", "LIST");
            assertThat(clients.lines().filter(line -> line.contains(" name=url-it ")))
                    .hasSize(2).allSatisfy(line -> assertThat(line).contains(" db=1 "));
        });
    }

    @Test
    void aLoneCallerSpinOutsideItsRangeStopsTheContextNamingTheSetting() {
        runner.withPropertyValues(hostAndPort(), "fastpath.lone-caller-spin=5ms").run(context -> {
            assertThat(context).hasFailed();
            assertThat(context.getStartupFailure()).rootCause().hasMessageContaining("loneCallerSpin must be between 0 and 1 ms");
        });
        runner.withPropertyValues(hostAndPort(), "fastpath.lone-caller-spin=0").run(context -> {
            assertThat(context).hasNotFailed();
            StringRedisTemplate template = context.getBean(StringRedisTemplate.class);
            template.opsForValue().set("parked:key", "v");
            assertThat(template.opsForValue().get("parked:key")).isEqualTo("v");
        });
    }

    @Test
    void withoutItsPropertyATemplateCallOnAPlatformThreadWritesItsCommandOnItsOwnThread() {
        Map<String, Thread> writtenBy = new ConcurrentHashMap<>();
        CommandListener writers = new CommandListener() {
            @Override
            public void commandWritten(ObservedCommand command) { // called on the thread that holds the loop
                writtenBy.put(command.name(), Thread.currentThread());
            }
        };
        runner.withPropertyValues(hostAndPort(), "fastpath.connections-per-node=1")
                .withBean(FastpathClientBuilderCustomizer.class, () -> builder -> builder.commandListener(writers))
                .run(context -> {
                    assertThat(context.getBean(FastpathConnectionFactory.class).client().toString()).contains("caller-driven I/O");
                    StringRedisTemplate template = context.getBean(StringRedisTemplate.class);
                    template.opsForValue().set("driven:key", "v");
                    // the first calls may find the background driver still holding the loop after the connect, and follow
                    Conditions.await("a template GET written by the calling thread itself",
                            () -> "v".equals(template.opsForValue().get("driven:key"))
                                    && writtenBy.get("GET") == Thread.currentThread(), Duration.ofSeconds(20));
                });
        runner.withPropertyValues(hostAndPort(), "fastpath.caller-driven-io=true").run(context ->
                assertThat(context.getBean(FastpathConnectionFactory.class).client().toString()).contains("caller-driven I/O"));
    }

    @Test
    void turnedOffByItsPropertyTemplateCallsAreHandedToTheIoThreads() {
        Map<String, Thread> writtenBy = new ConcurrentHashMap<>();
        CommandListener writers = new CommandListener() {
            @Override
            public void commandWritten(ObservedCommand command) {
                writtenBy.put(command.name(), Thread.currentThread());
            }
        };
        runner.withPropertyValues(hostAndPort(), "fastpath.caller-driven-io=false")
                .withBean(FastpathClientBuilderCustomizer.class, () -> builder -> builder.commandListener(writers))
                .run(context -> {
                    assertThat(context.getBean(FastpathConnectionFactory.class).client().toString()).doesNotContain("caller-driven");
                    StringRedisTemplate template = context.getBean(StringRedisTemplate.class);
                    template.opsForValue().set("handed:key", "v");
                    assertThat(template.opsForValue().get("handed:key")).isEqualTo("v");
                    assertThat(writtenBy.get("GET").getName()).startsWith("fastpath-io");
                });
    }

    @Test
    void withoutItsPropertyAnOptionCallerDrivenIoDoesNotServeLeavesItOffAndTheContextStarts() {
        runner.withPropertyValues(hostAndPort())
                .withBean(FastpathClientBuilderCustomizer.class, () -> builder -> builder.directCompletion())
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    assertThat(context.getBean(FastpathConnectionFactory.class).client().toString()).doesNotContain("caller-driven");
                    StringRedisTemplate template = context.getBean(StringRedisTemplate.class);
                    template.opsForValue().set("direct:key", "v");
                    assertThat(template.opsForValue().get("direct:key")).isEqualTo("v");
                });
    }

    @Test
    void callerDrivenIoWithAnOptionItDoesNotServeStopsTheContextBeforeAnyConnectionNamingBoth() {
        runner.withPropertyValues(hostAndPort(), "fastpath.caller-driven-io=true")
                .withBean(FastpathClientBuilderCustomizer.class, () -> builder -> builder.directCompletion())
                .run(context -> {
                    assertThat(context).hasFailed();
                    assertThat(context.getStartupFailure()).rootCause()
                            .hasMessageContaining("callerDrivenIo(true) serves clients without directCompletion()");
                });
    }

    @Test
    void aZoneReadPolicyTakesTheClientZoneFromItsPropertyAndStopsTheContextWithoutIt() {
        runner.withPropertyValues(hostAndPort(), "fastpath.read-policy=zone-affinity").run(context -> {
            assertThat(context).hasFailed();
            assertThat(context.getStartupFailure()).rootCause().hasMessageContaining("ZONE_AFFINITY")
                    .hasMessageContaining("clientZone(");
        });
        runner.withPropertyValues(hostAndPort(), "fastpath.read-policy=zone-affinity-replicas-and-primary",
                "fastpath.client-zone=eu-west-1a").run(context -> {
            assertThat(context).hasNotFailed();
            StringRedisTemplate template = context.getBean(StringRedisTemplate.class);
            template.opsForValue().set("zone:key", "v");
            assertThat(template.opsForValue().get("zone:key")).isEqualTo("v");
        });
        runner.withPropertyValues(hostAndPort(), "fastpath.client-zone=eu west").run(context -> {
            assertThat(context).hasFailed();
            assertThat(context.getStartupFailure()).rootCause().hasMessageContaining("clientZone must be non-empty");
        });
    }

    @Test
    void fastpathsFactoryWinsOverLettucesWhenBothAreOnTheClasspath() {
        runner.withPropertyValues(hostAndPort()).run(context -> {
            assertThat(LettuceConnectionFactory.class).isNotNull(); // Lettuce is on this test's classpath
            assertThat(context).hasSingleBean(RedisConnectionFactory.class);
            assertThat(context).getBean(RedisConnectionFactory.class).isInstanceOf(FastpathConnectionFactory.class);
        });
    }

    @Test
    void bootsReactiveTemplatesRunOnTheSameFastpathFactory() {
        runner.withPropertyValues(hostAndPort(), "spring.data.redis.client-name=reactive-boot-it").run(context -> {
            assertThat(context).hasSingleBean(ReactiveRedisConnectionFactory.class).hasSingleBean(ReactiveStringRedisTemplate.class)
                    .hasBean("reactiveRedisTemplate");
            assertThat(context.getBean(ReactiveRedisConnectionFactory.class)).isSameAs(context.getBean(RedisConnectionFactory.class))
                    .isInstanceOf(FastpathConnectionFactory.class);
            ReactiveStringRedisTemplate reactive = context.getBean(ReactiveStringRedisTemplate.class);
            StepVerifier.create(reactive.opsForValue().set("reactive:boot", "value")).expectNext(true).verifyComplete();
            assertThat(context.getBean(StringRedisTemplate.class).opsForValue().get("reactive:boot")).isEqualTo("value");
            StepVerifier.create(context.getBean("reactiveRedisTemplate", ReactiveRedisTemplate.class).hasKey("absent"))
                    .expectNext(false).verifyComplete();
            String clients = (String) SERVER.server().call("CLIENT", "LIST");
            assertThat(clients.lines().filter(line -> line.contains(" name=reactive-boot-it "))).hasSize(8); // one client for both (caller-driven: 8)
        });
    }

    @Test
    void anApplicationsOwnFactoryServesTheReactiveTemplatesAsBootDoes() {
        runner.withPropertyValues(hostAndPort())
                .withBean("custom", LettuceConnectionFactory.class, () -> new LettuceConnectionFactory("127.0.0.1", SERVER.server().port()))
                .run(context -> {
                    assertThat(context).doesNotHaveBean(FastpathConnectionFactory.class);
                    assertThat(context.getBean(ReactiveRedisConnectionFactory.class)).isInstanceOf(LettuceConnectionFactory.class);
                });
    }

    @Test
    void namingAClientTypeHandsTheFactoryBackToBoot() {
        runner.withPropertyValues(hostAndPort(), "spring.data.redis.client-type=lettuce").run(context ->
                assertThat(context).getBean(RedisConnectionFactory.class).isInstanceOf(LettuceConnectionFactory.class));
    }

    @Test
    void anApplicationsOwnFactoryIsKept() {
        runner.withPropertyValues(hostAndPort())
                .withBean("custom", RedisConnectionFactory.class, () -> FastpathConnectionFactory.of(SERVER.server().uri()))
                .run(context -> {
                    assertThat(context).hasSingleBean(RedisConnectionFactory.class);
                    assertThat(context).hasBean("custom").doesNotHaveBean("redisConnectionFactory");
                });
    }

    @Test
    void masterReplicaPropertiesFailWithAMessageNamingLettuce() {
        runner.withPropertyValues("spring.data.redis.masterreplica.nodes=127.0.0.1:6379,127.0.0.1:6380").run(context -> {
            assertThat(context).hasFailed();
            assertThat(context.getStartupFailure()).rootCause().hasMessageContaining("no static master/replica set-up")
                    .hasMessageContaining("client-type=lettuce");
        });
    }

    @Test
    void customizersSeeTheBuilderAfterTheProperties() {
        runner.withPropertyValues(hostAndPort())
                .withBean(FastpathClientBuilderCustomizer.class, () -> builder -> builder.clientName("customized"))
                .run(context -> {
                    context.getBean(StringRedisTemplate.class).opsForValue().set("c", "v");
                    assertThat((String) SERVER.server().call("CLIENT", "LIST")).contains(" name=customized ");
                });
    }
}
