package io.fastpath.spring.projects;

import io.fastpath.RedisClient;
import io.fastpath.spring.FastpathConnectionFactory;
import io.fastpath.testkit.RedisCluster;
import io.fastpath.testkit.RedisServer;
import java.util.List;
import java.util.function.Function;

/**
 * Where a test runs: one standalone server, or a cluster's primaries (no replicas, so each key is on exactly one of
 * {@link #nodes()}). Tests reach the deployment through Spring's API on a {@link FastpathConnectionFactory}, and
 * check what the server holds through the testkit's own connections.
 */
public record Deployment(String name, String uri, List<RedisServer> nodes, Function<String, RedisServer> owners) {

    public static Deployment standalone(RedisServer server) {
        return new Deployment("standalone", server.uri(), List.of(server), key -> server);
    }

    public static Deployment cluster(RedisCluster cluster) {
        return new Deployment("cluster", cluster.primaries().get(0).uri(), cluster.primaries(),
                key -> cluster.nodeForSlot(cluster.keySlot(key)));
    }

    /** A started factory on this deployment, built as the README shows; the caller destroys it. */
    public FastpathConnectionFactory newFactory() {
        FastpathConnectionFactory factory = new FastpathConnectionFactory(() -> RedisClient.builder().uri(uri));
        factory.afterPropertiesSet();
        return factory;
    }

    /** The keys matching a glob pattern, on every node together. */
    public long countKeys(String pattern) {
        long count = 0;
        for (RedisServer node : nodes) {
            count += ((List<?>) node.call("KEYS", pattern)).size();
        }
        return count;
    }

    /** The node that owns a key, whether or not it exists (on a cluster, the primary of its slot). */
    public RedisServer ownerOf(String key) {
        return owners.apply(key);
    }

    @Override
    public String toString() {
        return name;
    }
}
