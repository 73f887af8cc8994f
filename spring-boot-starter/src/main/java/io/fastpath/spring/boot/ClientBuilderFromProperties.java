package io.fastpath.spring.boot;

import io.fastpath.RedisClient;
import io.fastpath.RedisClientBuilder;
import io.fastpath.TlsOptions;
import java.util.List;
import org.springframework.boot.data.redis.autoconfigure.DataRedisConnectionDetails;
import org.springframework.boot.data.redis.autoconfigure.DataRedisProperties;
import org.springframework.boot.ssl.SslBundle;

/**
 * A Fastpath client builder from Boot's Redis connection details (which already resolved {@code spring.data.redis.url},
 * host/port, cluster nodes, credentials and the SSL bundle) and the remaining {@code spring.data.redis.*} and
 * {@code fastpath.*} properties. Sentinel and static master/replica set-ups are refused with a message: Fastpath has
 * neither yet.
 */
final class ClientBuilderFromProperties {

    private ClientBuilderFromProperties() {}

    static RedisClientBuilder builder(DataRedisConnectionDetails details, DataRedisProperties redis, FastpathProperties fastpath,
                                      List<FastpathClientBuilderCustomizer> customizers) {
        if (details.getSentinel() != null) {
            throw new IllegalStateException("spring.data.redis.sentinel is configured, and Fastpath's factory has no Sentinel"
                    + " support yet (it is coming: a redis-sentinel:// address and builder options). Until then, point"
                    + " spring.data.redis.host at the primary, or set spring.data.redis.client-type=lettuce to use Lettuce.");
        }
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
        if (redis.getTimeout() != null) {
            builder.commandTimeout(redis.getTimeout());
        }
        if (redis.getConnectTimeout() != null) {
            builder.connectTimeout(redis.getConnectTimeout());
        }
        if (redis.getClientName() != null) {
            builder.clientName(redis.getClientName());
        }
        builder.connectionsPerNode(fastpath.getConnectionsPerNode())
                .blockingConnectionsPerNode(fastpath.getBlockingConnectionsPerNode())
                .watchConnectionsPerNode(fastpath.getWatchConnectionsPerNode())
                .readPolicy(fastpath.getReadPolicy());
        if (fastpath.getIoThreads() > 0) {
            builder.ioThreads(fastpath.getIoThreads());
        }
        customizers.forEach(customizer -> customizer.customize(builder));
        return builder;
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
