package io.fastpath.benchmarks.spring;

import io.fastpath.RedisClient;
import io.fastpath.RedisClientBuilder;
import io.fastpath.spring.FastpathConnectionFactory;
import java.util.List;
import java.util.function.Supplier;
import org.apache.commons.pool2.impl.GenericObjectPoolConfig;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.jedis.JedisConnectionFactory;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.connection.lettuce.LettucePoolingClientConfiguration;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * The connection factories of scenario (k), each as Spring's documentation sets it up, and the template over it.
 * Closing stops the factory (and with it every thread and connection it started).
 */
final class TemplateFactories implements AutoCloseable {
    final String label;
    final RedisConnectionFactory factory;
    final StringRedisTemplate template;
    private final Runnable stop;

    private TemplateFactories(String label, RedisConnectionFactory factory, Runnable stop) {
        this.label = label;
        this.factory = factory;
        this.template = new StringRedisTemplate(factory);
        this.stop = stop;
    }

    /**
     * The setups for one {@code --clients} name: fastpath, {@code fastpath:N} (a {@code --fastpath-connections} sweep:
     * {@code connectionsPerNode(N)}), fastpath-callerio (the factory on a client with {@code callerDrivenIo(true)};
     * {@code fastpath-callerio:N} with N connections), lettuce (default, then shared + pool) and jedis.
     */
    static List<Supplier<TemplateFactories>> forClient(String client, String host, int port) {
        if (client.startsWith("fastpath:")) {
            int connections = Integer.parseInt(client.substring("fastpath:".length()));
            return List.of(() -> fastpath(host, port, connections));
        }
        if (client.startsWith("fastpath-callerio:")) { // as many connections as callers: each can drive one
            int connections = Integer.parseInt(client.substring("fastpath-callerio:".length()));
            return List.of(() -> fastpathCallerDriven(host, port, connections));
        }
        return switch (client) {
            case "fastpath" -> List.of(() -> fastpath(host, port, 0));
            case "fastpath-callerio" -> List.of(() -> fastpathCallerDriven(host, port, 0));
            case "lettuce" -> List.of(() -> lettuce(host, port, false), () -> lettuce(host, port, true));
            case "jedis" -> List.of(() -> jedis(host, port));
            default -> List.of();
        };
    }

    /** Fastpath's factory with the client's defaults when {@code connectionsPerNode} is 0, else with that many. */
    static TemplateFactories fastpath(String host, int port, int connectionsPerNode) {
        FastpathConnectionFactory factory = new FastpathConnectionFactory(() -> {
            RedisClientBuilder builder = RedisClient.builder().uri("redis://" + host + ":" + port).clientName("bench-j");
            return connectionsPerNode == 0 ? builder : builder.connectionsPerNode(connectionsPerNode);
        });
        factory.afterPropertiesSet();
        return new TemplateFactories(connectionsPerNode == 0 ? "FastpathConnectionFactory (defaults)"
                : "FastpathConnectionFactory (" + connectionsPerNode + (connectionsPerNode == 1 ? " connection)" : " connections)"), factory, factory::destroy);
    }

    /**
     * Fastpath's factory on a client whose blocking callers drive a free connection's event loop themselves (issue 30),
     * with the client's default connection count when {@code connectionsPerNode} is 0, else that many.
     */
    static TemplateFactories fastpathCallerDriven(String host, int port, int connectionsPerNode) {
        FastpathConnectionFactory factory = new FastpathConnectionFactory(() -> {
            RedisClientBuilder builder = RedisClient.builder().uri("redis://" + host + ":" + port).clientName("bench-j")
                    .callerDrivenIo(true);
            return connectionsPerNode == 0 ? builder : builder.connectionsPerNode(connectionsPerNode);
        });
        factory.afterPropertiesSet();
        return new TemplateFactories("FastpathConnectionFactory (caller-driven I/O" + (connectionsPerNode == 0 ? ")"
                : ", " + connectionsPerNode + " connections)"), factory, factory::destroy);
    }

    /** Boot's default factory; with {@code pooled}, the set-up Spring's docs give for speed: a pool for dedicated connections. */
    static TemplateFactories lettuce(String host, int port, boolean pooled) {
        RedisStandaloneConfiguration server = new RedisStandaloneConfiguration(host, port);
        LettuceConnectionFactory factory;
        if (pooled) {
            GenericObjectPoolConfig<io.lettuce.core.api.StatefulConnection<?, ?>> pool = new GenericObjectPoolConfig<>();
            pool.setMaxTotal(16);
            factory = new LettuceConnectionFactory(server, LettucePoolingClientConfiguration.builder().poolConfig(pool)
                    .clientName("bench-j").build());
            factory.setShareNativeConnection(true);
        } else {
            factory = new LettuceConnectionFactory(server,
                    org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration.builder().clientName("bench-j").build());
        }
        factory.afterPropertiesSet();
        factory.start();
        return new TemplateFactories(pooled ? "LettuceConnectionFactory (shareNativeConnection + pool of 16)"
                : "LettuceConnectionFactory (Boot's defaults)", factory, factory::destroy);
    }

    static TemplateFactories jedis(String host, int port) {
        JedisConnectionFactory factory = new JedisConnectionFactory(new RedisStandaloneConfiguration(host, port),
                org.springframework.data.redis.connection.jedis.JedisClientConfiguration.builder().clientName("bench-j")
                        .usePooling().build());
        factory.afterPropertiesSet();
        factory.start();
        return new TemplateFactories("JedisConnectionFactory (default pool of 8)", factory, factory::destroy);
    }

    @Override
    public void close() {
        stop.run();
    }
}
