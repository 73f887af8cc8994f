package io.fastpath.spring;

import io.fastpath.RedisClient;
import io.fastpath.RedisClientBuilder;
import io.fastpath.SentinelOptions;
import io.fastpath.TlsOptions;
import java.util.ArrayList;
import java.util.List;
import org.springframework.data.redis.connection.NamedNode;
import org.springframework.data.redis.connection.RedisNode;
import org.springframework.data.redis.connection.RedisPassword;
import org.springframework.data.redis.connection.RedisSentinelConfiguration;

/**
 * A {@link RedisSentinelConfiguration} as Fastpath's builders take it: the master name and Sentinel nodes with the
 * Sentinels' own username and password in {@link SentinelOptions}, the data nodes' username, password and database
 * on the {@link RedisClientBuilder}, and TLS (Lettuce's and Jedis's {@code useSsl}) on both sides. Read when a client
 * is built, as Lettuce's factory reads the configuration when it starts. Immutable.
 */
final class SentinelSettings {
    private final RedisSentinelConfiguration configuration;
    /** TLS to the Sentinels and the data nodes, or null for plain TCP. */
    private final TlsOptions tls;

    SentinelSettings(RedisSentinelConfiguration configuration, TlsOptions tls) {
        if (configuration == null) {
            throw new IllegalArgumentException("the RedisSentinelConfiguration must not be null");
        }
        this.configuration = configuration;
        this.tls = tls;
        masterName(); // a configuration without a master or without Sentinels fails here, before anything connects
        sentinels();
    }

    /** A builder for the primary the Sentinels name: Sentinels, both sides' credentials, database and TLS. */
    RedisClientBuilder dataNodes() {
        RedisClientBuilder builder = RedisClient.builder().sentinel(sentinelOptions()).database(configuration.getDatabase());
        String password = text(configuration.getPassword());
        if (password != null || configuration.getUsername() != null) {
            builder.credentials(configuration.getUsername(), password);
        }
        if (tls != null) {
            builder.tls(tls);
        }
        return builder;
    }

    /** A builder of a client to {@code sentinel} itself, for SENTINEL commands: the Sentinels' credentials and TLS. */
    RedisClientBuilder sentinel(RedisNode sentinel) {
        RedisClientBuilder builder = RedisClient.builder().host(sentinel.getHost(), port(sentinel));
        String password = text(configuration.getSentinelPassword());
        if (password != null) {
            builder.credentials(configuration.getSentinelUsername(), password);
        }
        if (tls != null) {
            builder.tls(tls);
        }
        return builder;
    }

    /** The Sentinel nodes in the configuration's order. */
    List<RedisNode> sentinels() {
        List<RedisNode> nodes = new ArrayList<>(configuration.getSentinels());
        if (nodes.isEmpty()) {
            throw new IllegalArgumentException("the RedisSentinelConfiguration lists no Sentinel node"
                    + " (spring.data.redis.sentinel.nodes, or RedisSentinelConfiguration.sentinel(host, port))");
        }
        for (RedisNode node : nodes) {
            if (node.getHost() == null || node.getHost().isBlank()) {
                throw new IllegalArgumentException("a Sentinel node of the RedisSentinelConfiguration has no host: " + node);
            }
        }
        return nodes;
    }

    String masterName() {
        NamedNode master = configuration.getMaster();
        if (master == null || master.getName() == null || master.getName().isBlank()) {
            throw new IllegalArgumentException("the RedisSentinelConfiguration names no master"
                    + " (spring.data.redis.sentinel.master, or RedisSentinelConfiguration.master(name))");
        }
        return master.getName();
    }

    private SentinelOptions sentinelOptions() {
        List<String> addresses = new ArrayList<>();
        for (RedisNode node : sentinels()) {
            String host = node.getHost();
            addresses.add((host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port(node));
        }
        SentinelOptions options = SentinelOptions.of(masterName(), addresses);
        String password = text(configuration.getSentinelPassword());
        if (password != null) {
            options = options.credentials(configuration.getSentinelUsername(), password);
        }
        return tls == null ? options : options.tls(tls);
    }

    private static int port(RedisNode node) {
        return node.getPort() == null ? RedisNode.DEFAULT_SENTINEL_PORT : node.getPort();
    }

    private static String text(RedisPassword password) {
        return password != null && password.isPresent() ? new String(password.get()) : null;
    }

    @Override
    public String toString() {
        NamedNode master = configuration.getMaster();
        return "'" + (master == null ? null : master.getName()) + "' via Sentinels " + configuration.getSentinels()
                + (tls != null ? ", TLS" : "");
    }
}
