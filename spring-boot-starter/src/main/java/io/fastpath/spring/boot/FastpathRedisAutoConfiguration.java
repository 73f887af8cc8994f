package io.fastpath.spring.boot;

import io.fastpath.RedisClient;
import io.fastpath.spring.FastpathConnectionFactory;
import java.util.List;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.data.redis.autoconfigure.DataRedisConnectionDetails;
import org.springframework.boot.data.redis.autoconfigure.DataRedisProperties;
import org.springframework.boot.thread.Threading;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.core.env.Environment;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.RedisSentinelConfiguration;

/**
 * Provides the application's {@link RedisConnectionFactory}: a {@link FastpathConnectionFactory} built from the
 * standard {@code spring.data.redis.*} properties and {@code fastpath.*} (with {@code spring.data.redis.sentinel.*}, or a
 * {@link RedisSentinelConfiguration} bean, a primary found and followed through Redis Sentinel). It runs before Boot's Redis auto-configuration,
 * so with Lettuce or Jedis also on the classpath this factory is the one Boot's templates use (as Boot prefers Lettuce
 * over Jedis), and it backs off when the application defines its own factory or names
 * {@code spring.data.redis.client-type}. The same bean is the {@code ReactiveRedisConnectionFactory}, so Boot's reactive
 * auto-configuration builds {@code reactiveRedisTemplate} and {@code reactiveStringRedisTemplate} on it, over the same
 * client, as it does on Lettuce's factory.
 */
@AutoConfiguration(before = DataRedisAutoConfiguration.class)
@ConditionalOnClass({RedisClient.class, FastpathConnectionFactory.class, DataRedisAutoConfiguration.class})
@Conditional(NoClientTypeChosenCondition.class)
@EnableConfigurationProperties({DataRedisProperties.class, FastpathProperties.class})
public class FastpathRedisAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean(RedisConnectionFactory.class)
    FastpathConnectionFactory redisConnectionFactory(DataRedisProperties redis, FastpathProperties fastpath,
                                                     ObjectProvider<DataRedisConnectionDetails> connectionDetails,
                                                     ObjectProvider<RedisSentinelConfiguration> sentinelConfiguration,
                                                     ObjectProvider<FastpathClientBuilderCustomizer> customizers,
                                                     Environment environment) {
        // Boot's Redis auto-configuration defines the details from spring.data.redis.* (url parsed, SSL bundle resolved)
        // unless a service connection did; its bean exists by the time this factory is created.
        DataRedisConnectionDetails details = connectionDetails.getObject();
        List<FastpathClientBuilderCustomizer> ordered = customizers.orderedStream().toList();
        // spring.threads.virtual.enabled on JDK 21+: the template's callers are virtual threads, which never drive a loop
        boolean virtualThreads = Threading.VIRTUAL.isActive(environment);
        // An application's RedisSentinelConfiguration bean wins over the properties, as with Boot's Lettuce and Jedis factories.
        RedisSentinelConfiguration sentinel = sentinelConfiguration.getIfAvailable(
                () -> ClientBuilderFromProperties.sentinelConfiguration(details));
        FastpathConnectionFactory factory = sentinel != null
                ? new FastpathConnectionFactory(sentinel, ClientBuilderFromProperties.sentinelTls(details, redis),
                        builder -> ClientBuilderFromProperties.settings(builder, redis, fastpath, virtualThreads, ordered))
                : new FastpathConnectionFactory(() -> ClientBuilderFromProperties.builder(details, redis, fastpath, virtualThreads, ordered));
        factory.setConvertPipelineAndTxResults(fastpath.isConvertPipelineAndTxResults());
        return factory;
    }
}
