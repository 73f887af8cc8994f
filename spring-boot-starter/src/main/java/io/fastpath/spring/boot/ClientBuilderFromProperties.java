package io.fastpath.spring.boot;

import io.fastpath.RedisClient;
import io.fastpath.RedisClientBuilder;
import io.fastpath.TlsOptions;
import java.util.List;
import org.springframework.boot.data.redis.autoconfigure.DataRedisConnectionDetails;
import org.springframework.boot.data.redis.autoconfigure.DataRedisProperties;
import org.springframework.boot.ssl.SslBundle;
import org.springframework.data.redis.connection.RedisSentinelConfiguration;

/**
 * A Fastpath client builder from Boot's Redis connection details (which already resolved {@code spring.data.redis.url},
 * host/port, cluster nodes, Sentinels, credentials and the SSL bundle) and the remaining {@code spring.data.redis.*} and
 * {@code fastpath.*} properties. A static master/replica set-up is refused with a message: Fastpath has none.
 */
final class ClientBuilderFromProperties {

    private ClientBuilderFromProperties() {}

    /** A standalone server or a cluster: the address, credentials and TLS from {@code details}, then {@link #settings}. */
    static RedisClientBuilder builder(DataRedisConnectionDetails details, DataRedisProperties redis, FastpathProperties fastpath,
                                      boolean virtualThreads, List<FastpathClientBuilderCustomizer> customizers) {
        if (details.getMasterReplica() != null) {
            throw new IllegalStateException("spring.data.redis.masterreplica is configured, and Fastpath's factory has no static"
                    + " master/replica set-up; set spring.data.redis.client-type=lettuce to use Lettuce for it.");
        }
        RedisClientBuilder builder = RedisClient.builder();
        if (details.getCluster() != null) {
            builder.seeds(details.getCluster().getNodes().stream()
                    .map(node -> scheme(details, redis) + node.host() + ":" + node.port()).toArray(String[]::new));
        } else {
            DataRedisConnectionDetails.Standalone standalone = details.getStandalone();
            builder.uri(scheme(details, redis) + standalone.getHost() + ":" + standalone.getPort());
            builder.database(standalone.getDatabase());
        }
        if (details.getPassword() != null || details.getUsername() != null) {
            builder.credentials(details.getUsername(), details.getPassword());
        }
        SslBundle bundle = details.getSslBundle();
        if (bundle != null) {
            builder.tls(tls(bundle));
        }
        settings(builder, redis, fastpath, virtualThreads, customizers);
        return builder;
    }

    /**
     * {@code spring.data.redis.sentinel.*} as Boot's Lettuce and Jedis configurations read it: the master name and
     * Sentinel nodes with the Sentinels' own username and password, and {@code spring.data.redis.username},
     * {@code password} and {@code database} for the data nodes; null without Sentinels.
     */
    static RedisSentinelConfiguration sentinelConfiguration(DataRedisConnectionDetails details) {
        DataRedisConnectionDetails.Sentinel sentinel = details.getSentinel();
        if (sentinel == null) {
            return null;
        }
        RedisSentinelConfiguration configuration = new RedisSentinelConfiguration().master(sentinel.getMaster());
        for (DataRedisConnectionDetails.Node node : sentinel.getNodes()) {
            configuration.sentinel(node.host(), node.port());
        }
        configuration.setUsername(details.getUsername());
        if (details.getPassword() != null) {
            configuration.setPassword(details.getPassword());
        }
        configuration.setSentinelUsername(sentinel.getUsername());
        if (sentinel.getPassword() != null) {
            configuration.setSentinelPassword(sentinel.getPassword());
        }
        configuration.setDatabase(sentinel.getDatabase());
        return configuration;
    }

    /**
     * TLS to the Sentinels and the data nodes, as Lettuce's {@code useSsl} applies to both: the SSL bundle's stores, the
     * JVM's CAs when SSL is on without one; null for plain TCP.
     */
    static TlsOptions sentinelTls(DataRedisConnectionDetails details, DataRedisProperties redis) {
        SslBundle bundle = details.getSslBundle();
        if (bundle != null) {
            return tls(bundle);
        }
        return redis.getSsl().isEnabled() ? TlsOptions.defaults() : null;
    }

    /**
     * Timeouts, client name and {@code fastpath.*}, then the application's customizers: the same for every topology.
     * {@code virtualThreads}: Boot runs the application's work on virtual threads ({@code spring.threads.virtual.enabled}).
     */
    static void settings(RedisClientBuilder builder, DataRedisProperties redis, FastpathProperties fastpath,
                         boolean virtualThreads, List<FastpathClientBuilderCustomizer> customizers) {
        if (redis.getTimeout() != null) {
            builder.commandTimeout(redis.getTimeout());
        }
        if (redis.getConnectTimeout() != null) {
            builder.connectTimeout(redis.getConnectTimeout());
        }
        if (redis.getClientName() != null) {
            builder.clientName(redis.getClientName());
        }
        if (fastpath.getConnectionsPerNode() > 0) {
            builder.connectionsPerNode(fastpath.getConnectionsPerNode());
        }
        builder.blockingConnectionsPerNode(fastpath.getBlockingConnectionsPerNode())
                .watchConnectionsPerNode(fastpath.getWatchConnectionsPerNode())
                .readPolicy(fastpath.getReadPolicy())
                .clientZone(fastpath.getClientZone())
                .loneCallerSpin(fastpath.getLoneCallerSpin());
        if (fastpath.getIoThreads() > 0) {
            builder.ioThreads(fastpath.getIoThreads());
        }
        if (fastpath.getCallerDrivenIo() != null) {
            builder.callerDrivenIo(fastpath.getCallerDrivenIo());
        } else if (!virtualThreads) {
            // Unset: a template's callers are the application's platform threads, blocking on each call, which caller-driven
            // I/O serves with fewer thread hand-offs (scenario k: more SETs/s in 8 threads, pipelined and multiSet, half the
            // CPU per SET in a plain loop); where a customizer sets an option it does not serve, it stays off. Virtual
            // threads never drive a loop and wait better on the shared I/O threads (scenario v at 1,000 and 10,000 threads).
            builder.preferCallerDrivenIo();
        }
        customizers.forEach(customizer -> customizer.customize(builder));
    }

    /** {@code rediss://} when SSL is on without a bundle (the JVM's trusted CAs), as Boot's own factories do. */
    private static String scheme(DataRedisConnectionDetails details, DataRedisProperties redis) {
        boolean ssl = details.getSslBundle() == null && (redis.getSsl().isEnabled()
                || (redis.getUrl() != null && redis.getUrl().startsWith("rediss://")));
        return ssl ? "rediss://" : "redis://";
    }

    private static TlsOptions tls(SslBundle bundle) {
        TlsOptions.Builder tls = TlsOptions.builder();
        if (bundle.getStores().getTrustStore() != null) {
            tls.trustStore(bundle.getStores().getTrustStore());
        }
        if (bundle.getStores().getKeyStore() != null) {
            String password = bundle.getStores().getKeyStorePassword();
            tls.clientKeyStore(bundle.getStores().getKeyStore(), password == null ? new char[0] : password.toCharArray());
        }
        return tls.build();
    }
}
