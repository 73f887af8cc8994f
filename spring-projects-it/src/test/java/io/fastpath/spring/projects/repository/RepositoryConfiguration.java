package io.fastpath.spring.projects.repository;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.core.RedisTemplate;
import org.springframework.data.redis.repository.configuration.EnableRedisRepositories;

/** Repositories as Spring Data Redis's reference sets them up: a template named redisTemplate on the context's factory. */
@Configuration(proxyBeanMethods = false)
@EnableRedisRepositories(basePackageClasses = CustomerRepository.class)
class RepositoryConfiguration {

    @Bean
    RedisTemplate<byte[], byte[]> redisTemplate(RedisConnectionFactory connectionFactory) {
        RedisTemplate<byte[], byte[]> template = new RedisTemplate<>();
        template.setConnectionFactory(connectionFactory);
        return template;
    }
}
