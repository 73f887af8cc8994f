package io.fastpath.testkit;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * JUnit 5 extension giving a test class one local cluster for all its tests.
 *
 * <p>Register it on a static field: {@code @RegisterExtension static RedisClusterExtension
 * cluster = RedisClusterExtension.of(3, 1);}. The cluster is built before the first test and
 * every node is stopped after the last one even when tests fail.
 */
public final class RedisClusterExtension implements BeforeAllCallback, AfterAllCallback {

    private final RedisCluster.Builder builder;

    /** Written in beforeAll and afterAll by the JUnit thread, read by tests possibly on other threads. */
    private volatile RedisCluster cluster;

    private RedisClusterExtension(RedisCluster.Builder builder) {
        this.builder = builder;
    }

    public static RedisClusterExtension of(int primaries, int replicasPerPrimary) {
        return new RedisClusterExtension(
                RedisCluster.builder().primaries(primaries).replicasPerPrimary(replicasPerPrimary));
    }

    /** A cluster described by a fully configured builder, e.g. with a short node timeout. */
    public static RedisClusterExtension of(RedisCluster.Builder builder) {
        return new RedisClusterExtension(builder);
    }

    /** The running cluster; only valid between beforeAll and afterAll. */
    public RedisCluster cluster() {
        RedisCluster current = cluster;
        if (current == null) {
            throw new IllegalStateException("The cluster is not running; register the extension on a static field");
        }
        return current;
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        cluster = builder.start();
    }

    @Override
    public void afterAll(ExtensionContext context) {
        RedisCluster current = cluster;
        cluster = null;
        if (current != null) {
            for (RedisServer node : current.nodes()) {
                if (node.isPaused()) {
                    node.resume();
                }
            }
            current.close();
        }
    }
}
