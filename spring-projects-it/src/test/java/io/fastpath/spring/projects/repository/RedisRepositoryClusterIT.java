package io.fastpath.spring.projects.repository;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.spring.FastpathConnectionFactory;
import io.fastpath.spring.projects.Deployment;
import io.fastpath.testkit.RedisClusterExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * Spring Data Redis repositories on a cluster: an entity's hash, the set of all ids, the index sets and the phantom
 * copy all hash to different slots, so every repository call spans primaries.
 */
class RedisRepositoryClusterIT {
    @RegisterExtension
    static final RedisClusterExtension CLUSTER = RedisClusterExtension.of(3, 0);

    private FastpathConnectionFactory factory;
    private AnnotationConfigApplicationContext context;
    private CustomerRepository customers;

    private Deployment deployment() {
        return Deployment.cluster(CLUSTER.cluster());
    }

    @BeforeEach
    void startTheContext() {
        factory = deployment().newFactory();
        context = new AnnotationConfigApplicationContext();
        context.registerBean(RedisConnectionFactory.class, () -> factory, definition -> definition.setDestroyMethodName(""));
        context.register(RepositoryConfiguration.class);
        context.refresh();
        customers = context.getBean(CustomerRepository.class);
        customers.deleteAll();
    }

    @AfterEach
    void stop() {
        context.close();
        factory.destroy();
    }

    @Test
    void savedEntitiesAreFoundByIdAndCountedAndDeletedWithTheirIndexEntries() {
        customers.save(new Customer("1", "Ada", "London", null));
        customers.save(new Customer("2", "Grace", "Arlington", null));
        customers.save(new Customer("3", "Alan", "London", null));

        assertThat(customers.findById("2")).get().extracting(Customer::getName).isEqualTo("Grace");
        assertThat(customers.count()).isEqualTo(3);
        assertThat(customers.findAll()).extracting(Customer::getId).containsExactlyInAnyOrder("1", "2", "3");

        customers.deleteById("1");
        assertThat(customers.findById("1")).isEmpty();
        assertThat(customers.count()).isEqualTo(2);
        assertThat(deployment().countKeys("customers:1")).isZero();
        assertThat(customers.findByCity("London")).extracting(Customer::getId).containsExactly("3");
    }

    @Test
    void aSecondaryIndexFindsTheEntitiesOfOneValue() {
        customers.save(new Customer("1", "Ada", "London", null));
        customers.save(new Customer("2", "Grace", "Arlington", null));
        customers.save(new Customer("3", "Alan", "London", null));

        assertThat(customers.findByCity("London")).extracting(Customer::getId).containsExactlyInAnyOrder("1", "3");
        assertThat(customers.findByName("Grace")).extracting(Customer::getId).containsExactly("2");
    }

    @Test
    void aQueryOnTwoIndexedPropertiesIntersectsIndexSetsThatLiveOnDifferentPrimaries() {
        customers.save(new Customer("1", "Ada", "London", null));
        customers.save(new Customer("2", "Grace", "Arlington", null));
        customers.save(new Customer("3", "Alan", "London", null));

        // Spring intersects customers:name:Alan and customers:city:London, keys of two slots (7181 and 9047), as
        // Spring's Lettuce and Jedis cluster connections do: SMEMBERS of each and the intersection in the client
        assertThat(customers.findByNameAndCity("Alan", "London")).extracting(Customer::getId).containsExactly("3");
        assertThat(customers.findByNameAndCity("Grace", "London")).isEmpty();
    }

    @Test
    void anEntityWithATimeToLiveHasItsKeyExpireInRedis() {
        customers.save(new Customer("9", "Edsger", "Austin", 60L));

        String key = "customers:9";
        long secondsLeft = (Long) deployment().ownerOf(key).call("TTL", key);
        assertThat(secondsLeft).isBetween(1L, 60L);
        assertThat(customers.findById("9")).get().extracting(Customer::getSecondsToLive).isNotNull();
    }
}
