package io.fastpath.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.spring.FastpathConnectionFactory;
import io.fastpath.spring.boot.app.Person;
import io.fastpath.spring.boot.app.PersonRepository;
import io.fastpath.spring.boot.app.PriceService;
import io.fastpath.spring.boot.app.TestApplication;
import io.fastpath.testkit.RedisServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** A whole Spring Boot application on the starter: templates, {@code @Cacheable} through RedisCacheManager, {@code @RedisHash} repositories. */
@SpringBootTest(classes = TestApplication.class)
class SpringBootApplicationIT {
    private static final RedisServer SERVER = RedisServer.start();

    @DynamicPropertySource
    static void redis(DynamicPropertyRegistry registry) {
        registry.add("spring.data.redis.host", SERVER::host);
        registry.add("spring.data.redis.port", SERVER::port);
    }

    @AfterAll
    static void stopServer() {
        SERVER.close();
    }

    @Autowired
    RedisConnectionFactory connectionFactory;
    @Autowired
    StringRedisTemplate template;
    @Autowired
    PriceService prices;
    @Autowired
    PersonRepository people;

    @Test
    void theAutoConfiguredFactoryIsFastpathsAndTheTemplateUsesIt() {
        assertThat(connectionFactory).isInstanceOf(FastpathConnectionFactory.class);
        template.opsForValue().set("app:key", "v");
        assertThat(SERVER.call("GET", "app:key")).isEqualTo("v");
    }

    @Test
    void cacheableMethodsAreComputedOnceAndServedFromRedis() {
        assertThat(prices.price("apple")).isEqualTo("apple:500");
        assertThat(prices.price("apple")).isEqualTo("apple:500");
        assertThat(prices.computations()).isEqualTo(1);
        assertThat((String) SERVER.call("KEYS", "prices::*").toString()).contains("prices::apple");
    }

    @Test
    void redisHashRepositoriesSaveFindAndDelete() {
        people.save(new Person("1", "Ada"));
        people.save(new Person("2", "Grace"));
        assertThat(people.findById("1")).get().extracting(Person::getName).isEqualTo("Ada");
        assertThat(people.findByName("Grace")).extracting(Person::getId).containsExactly("2");
        assertThat(people.count()).isEqualTo(2);
        people.deleteById("1");
        assertThat(people.findById("1")).isEmpty();
        assertThat(SERVER.call("EXISTS", "people:1")).isEqualTo(0L);
    }
}
