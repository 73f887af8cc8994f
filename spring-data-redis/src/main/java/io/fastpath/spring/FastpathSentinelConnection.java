package io.fastpath.spring;

import io.fastpath.RedisClient;
import io.fastpath.command.Reply;
import java.util.ArrayList;
import java.util.List;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.redis.RedisConnectionFailureException;
import org.springframework.data.redis.connection.NamedNode;
import org.springframework.data.redis.connection.RedisNode;
import org.springframework.data.redis.connection.RedisSentinelConnection;
import org.springframework.data.redis.connection.RedisServer;
import org.springframework.util.Assert;

/**
 * A {@link RedisSentinelConnection}: SENTINEL commands on one connection to the first Sentinel of the configuration
 * that answers (in its order, as Jedis's factory picks one), through a small Fastpath client of its own (one
 * connection, one I/O thread) with the Sentinels' credentials and TLS, closed with this connection. Replies become
 * Spring's {@link RedisServer}s as Lettuce's and Jedis's do ({@link RedisServer#newServerFrom}); a Sentinel's error
 * a {@code RedisSystemException} with its line. Thread-safe.
 */
final class FastpathSentinelConnection implements RedisSentinelConnection {
    private final RedisClient sentinel;
    private volatile boolean closed; // Any thread

    private FastpathSentinelConnection(RedisClient sentinel) {
        this.sentinel = sentinel;
    }

    /** Connects to the first Sentinel that answers; fails naming what each one answered. */
    static FastpathSentinelConnection open(SentinelSettings settings) {
        List<String> failures = new ArrayList<>();
        RuntimeException last = null;
        for (RedisNode node : settings.sentinels()) {
            try {
                // build() connects and runs the handshake (AUTH with the Sentinels' credentials): a built client answered.
                return new FastpathSentinelConnection(settings.sentinel(node).connectionsPerNode(1).ioThreads(1).build());
            } catch (RuntimeException unreachable) {
                failures.add(node.asString() + ": " + unreachable.getMessage());
                last = unreachable;
            }
        }
        throw new RedisConnectionFailureException("no Sentinel of " + settings + " answered: " + String.join("; ", failures), last);
    }

    @Override
    public void failover(NamedNode master) {
        run("SENTINEL", "FAILOVER", name(master));
    }

    @Override
    public List<RedisServer> masters() {
        return servers(run("SENTINEL", "MASTERS"));
    }

    @Override
    public List<RedisServer> replicas(NamedNode master) {
        return servers(run("SENTINEL", "REPLICAS", name(master)));
    }

    @Override
    public void remove(NamedNode master) {
        run("SENTINEL", "REMOVE", name(master));
    }

    @Override
    public void monitor(RedisServer master) {
        Assert.notNull(master, "the server to monitor must not be null");
        Assert.hasText(master.getName(), "the name of the server to monitor must not be empty");
        Assert.hasText(master.getHost(), "the host of the server to monitor must not be empty");
        Assert.notNull(master.getPort(), "the port of the server to monitor must not be null");
        Assert.notNull(master.getQuorum(), "the quorum of the server to monitor must not be null");
        run("SENTINEL", "MONITOR", master.getName(), master.getHost(), master.getPort(), master.getQuorum());
    }

    @Override
    public boolean isOpen() {
        return !closed;
    }

    @Override
    public void close() {
        closed = true;
        sentinel.close();
    }

    private Reply run(Object... words) {
        if (closed) {
            throw new InvalidDataAccessApiUsageException("this Sentinel connection was closed; get another from the factory");
        }
        try {
            return sentinel.binary().execute(FastpathConnection.command(words));
        } catch (RuntimeException failed) {
            throw FastpathExceptionTranslator.translate(failed);
        }
    }

    /** SENTINEL MASTERS / REPLICAS: one RESP3 map (RESP2: a flat array of names and values) per server. */
    private static List<RedisServer> servers(Reply reply) {
        List<RedisServer> servers = new ArrayList<>();
        for (Reply server : Replies.elements(reply)) {
            servers.add(RedisServer.newServerFrom(Replies.toConfig(server)));
        }
        return servers;
    }

    private static String name(NamedNode master) {
        Assert.notNull(master, "the master must not be null");
        Assert.hasText(master.getName(), "the master's name must not be empty");
        return master.getName();
    }

    @Override
    public String toString() {
        return "FastpathSentinelConnection[" + sentinel + (closed ? ", closed" : "") + "]";
    }
}
