package io.fastpath.spring;

import io.fastpath.RedisClient;
import io.fastpath.RedisClientBuilder;
import io.fastpath.TlsOptions;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.dao.InvalidDataAccessResourceUsageException;
import org.springframework.data.redis.connection.ReactiveRedisClusterConnection;
import org.springframework.data.redis.connection.ReactiveRedisConnection;
import org.springframework.data.redis.connection.ReactiveRedisConnectionFactory;
import org.springframework.data.redis.connection.RedisClusterConnection;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.RedisSentinelConfiguration;
import org.springframework.data.redis.connection.RedisSentinelConnection;

/**
 * A {@link RedisConnectionFactory} backed by one shared Fastpath {@link RedisClient}: every
 * {@link RedisConnection} it hands out is a light view over that client, so {@code RedisTemplate},
 * {@code RedisCacheManager}, {@code RedisMessageListenerContainer} and repositories run on the client's few
 * multiplexed connections, auto-pipelined, and never open a connection per command or per pipeline.
 *
 * <pre>{@code
 * @Bean
 * FastpathConnectionFactory redisConnectionFactory() {
 *     return new FastpathConnectionFactory(() -> RedisClient.builder().uri("redis://localhost:6379"));
 * }
 * }</pre>
 *
 * <p>Given a builder, the factory owns its client: it builds it in {@link #afterPropertiesSet()} (or on the first
 * {@link #getConnection()}) and closes it in {@link #destroy()}; {@code select(n)} then switches a connection to a
 * client of database {@code n}, built once from the same builder. Given a client, the factory leaves its
 * life to the caller and refuses {@code select}. A cluster is detected by the client; {@link #getConnection()} then
 * returns a {@link RedisClusterConnection}.
 *
 * <p>Given a {@link RedisSentinelConfiguration}, as Lettuce's and Jedis's factories are, the client finds the primary
 * through the Sentinels and follows it across failovers (docs/topologies.md, "Sentinel"), and
 * {@link #getSentinelConnection()} returns a connection to one of the Sentinels:
 *
 * <pre>{@code
 * RedisSentinelConfiguration sentinel = new RedisSentinelConfiguration().master("mymaster")
 *         .sentinel("s1", 26379).sentinel("s2", 26379);
 * sentinel.setPassword("data-secret");            // the primary and its replicas
 * sentinel.setSentinelPassword("sentinel-secret"); // the Sentinels' requirepass
 * return new FastpathConnectionFactory(sentinel);
 * }</pre>
 *
 * <p>The same factory is Spring's {@link ReactiveRedisConnectionFactory}, as Lettuce's is: {@code ReactiveRedisTemplate},
 * {@code ReactiveStringRedisTemplate} and {@code ReactiveRedisMessageListenerContainer} run on the same shared client
 * through fastpath-reactor (a {@link ReactiveRedisClusterConnection} on a cluster). Thread-safe.
 */
public class FastpathConnectionFactory implements RedisConnectionFactory, ReactiveRedisConnectionFactory, InitializingBean,
        DisposableBean {
    private final Supplier<RedisClientBuilder> builder;
    private final boolean ownsClient;
    /** The Sentinels, for {@link #getSentinelConnection()}; null unless made from a {@link RedisSentinelConfiguration}. */
    private final SentinelSettings sentinels;
    /** Clients of other databases, built on the first {@code select(n)} of each; closed with the factory. */
    private final Map<Integer, RedisClient> databaseClients = new ConcurrentHashMap<>();
    private boolean convertPipelineAndTxResults = true;
    // Any thread: set once, under this factory's lock.
    private volatile RedisClient client;
    private volatile boolean destroyed;
    /** The reactive side's sender over {@link #client}, made on the first reactive connection. */
    private volatile ReactiveRunner reactive;

    /** A factory that builds (and later closes) its own client from {@code builder}, asked again for each database. */
    public FastpathConnectionFactory(Supplier<RedisClientBuilder> builder) {
        if (builder == null) {
            throw new IllegalArgumentException("the client builder supplier must not be null");
        }
        this.builder = builder;
        this.ownsClient = true;
        this.sentinels = null;
    }

    /**
     * A factory for the primary the Sentinels of {@code configuration} watch: its master name and Sentinel nodes,
     * the Sentinels' username and password ({@code sentinelUsername}, {@code sentinelPassword}), and the data nodes'
     * username, password and database; plain TCP and Fastpath's defaults otherwise.
     */
    public FastpathConnectionFactory(RedisSentinelConfiguration configuration) {
        this(configuration, null, builder -> { });
    }

    /**
     * {@link #FastpathConnectionFactory(RedisSentinelConfiguration)} with TLS to the Sentinels and to the data nodes
     * ({@code tls}; null for plain TCP, as Lettuce's and Jedis's {@code useSsl} apply to both), and {@code customizer}
     * run on the client builder after the configuration (timeouts, client name, {@code readPolicy}, connections...),
     * for the shared client and for each database {@code select} asks for.
     */
    public FastpathConnectionFactory(RedisSentinelConfiguration configuration, TlsOptions tls,
                                     Consumer<RedisClientBuilder> customizer) {
        if (customizer == null) {
            throw new IllegalArgumentException("the client builder customizer must not be null");
        }
        SentinelSettings settings = new SentinelSettings(configuration, tls);
        this.builder = () -> {
            RedisClientBuilder configured = settings.dataNodes();
            customizer.accept(configured);
            return configured;
        };
        this.ownsClient = true;
        this.sentinels = settings;
    }

    /** A factory over an existing client, whose life stays with the caller; {@code select} is refused. */
    public FastpathConnectionFactory(RedisClient client) {
        if (client == null) {
            throw new IllegalArgumentException("the client must not be null");
        }
        this.builder = null;
        this.ownsClient = false;
        this.sentinels = null;
        this.client = client;
    }

    /** A factory that connects to {@code redis://...} with Fastpath's defaults. */
    public static FastpathConnectionFactory of(String uri) {
        return new FastpathConnectionFactory(() -> RedisClient.builder().uri(uri));
    }

    @Override
    public void afterPropertiesSet() {
        client();
    }

    /** The shared client, built on first use when this factory owns it. */
    public RedisClient client() {
        RedisClient current = client;
        if (current != null) {
            return current;
        }
        synchronized (this) {
            if (destroyed) {
                throw new InvalidDataAccessApiUsageException("this FastpathConnectionFactory was destroyed");
            }
            if (client == null) {
                client = build(null);
            }
            return client;
        }
    }

    private RedisClient build(Integer database) {
        RedisClientBuilder configured = builder.get();
        if (configured == null) {
            throw new InvalidDataAccessApiUsageException("the client builder supplier returned null");
        }
        try {
            return database == null ? configured.build() : configured.database(database).build();
        } catch (RuntimeException failed) {
            throw FastpathExceptionTranslator.translate(failed);
        }
    }

    /** The client of {@code database} for {@code select}: the shared one for database 0 unless it was configured otherwise. */
    RedisClient clientForDatabase(int database) {
        if (!ownsClient) {
            throw new InvalidDataAccessApiUsageException("SELECT " + database + " needs a client of that database, and this"
                    + " factory was given a ready client: create it with a RedisClientBuilder supplier, or use a factory"
                    + " per database (a shared connection never changes its database)");
        }
        if (database < 0) {
            throw new InvalidDataAccessApiUsageException("the database index must not be negative, got " + database);
        }
        return databaseClients.computeIfAbsent(database, this::build);
    }

    @Override
    public RedisConnection getConnection() {
        RedisClient shared = client();
        return isCluster() ? new FastpathClusterConnection(this, shared) : new FastpathConnection(this, shared);
    }

    @Override
    public RedisClusterConnection getClusterConnection() {
        if (!isCluster()) {
            throw new InvalidDataAccessResourceUsageException("the Fastpath client is connected to a standalone server, not a cluster");
        }
        return new FastpathClusterConnection(this, client());
    }

    /**
     * A reactive connection over the shared client: a light view (no socket), so one per template operation costs
     * nothing; a {@link ReactiveRedisClusterConnection} on a cluster.
     */
    @Override
    public ReactiveRedisConnection getReactiveConnection() {
        ReactiveRunner runner = reactiveRunner();
        return runner.client().isCluster() ? new FastpathReactiveClusterConnection(runner) : new FastpathReactiveConnection(runner);
    }

    @Override
    public ReactiveRedisClusterConnection getReactiveClusterConnection() {
        ReactiveRunner runner = reactiveRunner();
        if (!runner.client().isCluster()) {
            throw new InvalidDataAccessResourceUsageException("the Fastpath client is connected to a standalone server, not a cluster");
        }
        return new FastpathReactiveClusterConnection(runner);
    }

    private ReactiveRunner reactiveRunner() {
        RedisClient shared = client();
        ReactiveRunner current = reactive;
        if (current == null || current.client() != shared) {
            current = new ReactiveRunner(shared); // a thin view: two made by a race are both correct
            reactive = current;
        }
        return current;
    }

    /** True when the shared client found a Redis Cluster on connect. */
    public boolean isCluster() {
        return client().isCluster();
    }

    /**
     * A connection to the first Sentinel of the {@link RedisSentinelConfiguration} that answers, for SENTINEL MASTERS,
     * REPLICAS, FAILOVER, MONITOR and REMOVE; close it when done (it holds a connection of its own). Only a factory
     * made from a {@link RedisSentinelConfiguration} knows its Sentinels: any other refuses, as Jedis's factory does
     * without Sentinels, with {@link InvalidDataAccessResourceUsageException}.
     */
    @Override
    public RedisSentinelConnection getSentinelConnection() {
        if (sentinels == null) {
            throw new InvalidDataAccessResourceUsageException("No Sentinels configured: only a FastpathConnectionFactory"
                    + " made from a RedisSentinelConfiguration (or by the starter from spring.data.redis.sentinel.*) opens"
                    + " Sentinel connections");
        }
        if (destroyed) {
            throw new InvalidDataAccessApiUsageException("this FastpathConnectionFactory was destroyed");
        }
        return FastpathSentinelConnection.open(sentinels);
    }

    @Override
    public boolean getConvertPipelineAndTxResults() {
        return convertPipelineAndTxResults;
    }

    /** Whether pipeline and transaction results are converted to Spring's types (true, the default, as Lettuce's factory). */
    public void setConvertPipelineAndTxResults(boolean convertPipelineAndTxResults) {
        this.convertPipelineAndTxResults = convertPipelineAndTxResults;
    }

    @Override
    public DataAccessException translateExceptionIfPossible(RuntimeException ex) {
        return FastpathExceptionTranslator.translateIfPossible(ex);
    }

    /** Closes the clients this factory built; a client handed in stays open. */
    @Override
    public void destroy() {
        RedisClient toClose;
        synchronized (this) {
            destroyed = true;
            toClose = ownsClient ? client : null;
            client = ownsClient ? null : client;
        }
        for (RedisClient database : databaseClients.values()) {
            database.close();
        }
        databaseClients.clear();
        if (toClose != null) {
            toClose.close();
        }
    }

    @Override
    public String toString() {
        RedisClient current = client;
        return "FastpathConnectionFactory[" + (current == null ? "not started" : current.toString()) + "]";
    }
}
