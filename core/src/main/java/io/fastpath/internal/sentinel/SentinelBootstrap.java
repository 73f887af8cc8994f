package io.fastpath.internal.sentinel;

import io.fastpath.RedisConnectionException;
import io.fastpath.RedisException;
import io.fastpath.internal.client.BoundedWait;
import io.fastpath.internal.client.ClientCore;
import io.fastpath.internal.client.ClientStart;
import io.fastpath.internal.client.ClientResources;
import io.fastpath.internal.connection.Endpoint;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;

/**
 * Builds a client on a Sentinel-watched deployment: opens the links to the given Sentinels, finds and
 * verifies the primary ({@link PrimaryResolver}), connects to it, learns the other Sentinels and
 * subscribes to every Sentinel's events before returning, so a failover right after {@code build()} is
 * seen from its first announcement; then the replicas (under a ReadPolicy) and the periodic safety net.
 */
public final class SentinelBootstrap {
    private static final long RETRY_PAUSE_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    private SentinelBootstrap() {}

    public static ClientCore connect(SentinelConfig config, ClientResources resources, Duration commandTimeout,
                                     boolean congestionDetour) {
        SentinelServers servers = new SentinelServers(config, resources);
        SentinelMonitor monitor = new SentinelMonitor(config, servers, resources);
        servers.askSentinelsWith(monitor::requestResolve, monitor::refreshReplicas);
        servers.alsoClose(monitor::close);
        long waitNanos = config.queryTimeoutNanos() * 2 + TimeUnit.SECONDS.toNanos(1);
        try {
            List<CompletableFuture<Void>> subscribed = new ArrayList<>();
            for (Endpoint sentinel : config.sentinels()) {
                subscribed.add(monitor.addSentinel(sentinel).exceptionally(down -> null));
            }
            PrimaryResolver.Resolved primary = resolveWithin(monitor, config, resources, waitNanos);
            servers.connectPrimary(primary.primary());
            monitor.followed(primary.epoch());
            subscribed.add(monitor.discoverSentinels().exceptionally(noneAnswered -> null));
            subscribed.add(monitor.refreshReplicas());
            // Discovery's future includes the new Sentinels' subscriptions: they are followed before build() returns too.
            awaitQuietly(CompletableFuture.allOf(subscribed.toArray(new CompletableFuture<?>[0])), waitNanos);
            monitor.start();
            return ClientStart.over(servers, config.dataSettings(), resources, commandTimeout, congestionDetour);
        } catch (RuntimeException failed) {
            monitor.close();
            if (servers.isConnected()) {
                servers.close(0);
            }
            resources.close();
            throw failed;
        }
    }

    /**
     * Asks the Sentinels until one round names a verified primary or {@code waitNanos} passed (a Sentinel
     * just starting, or a primary just being replaced, can fail one round); throws the last round's failure.
     */
    private static PrimaryResolver.Resolved resolveWithin(SentinelMonitor monitor, SentinelConfig config,
                                                          ClientResources resources, long waitNanos) {
        long deadline = System.nanoTime() + waitNanos;
        while (true) {
            try {
                return await(PrimaryResolver.resolve(monitor.links(), config, resources, 0), deadline - System.nanoTime(),
                        config.primaryName());
            } catch (PrimaryResolver.PrimaryNotFound failed) {
                if (!failed.worthRetrying || deadline - System.nanoTime() <= RETRY_PAUSE_NANOS
                        || Thread.currentThread().isInterrupted()) {
                    throw failed;
                }
                LockSupport.parkNanos(RETRY_PAUSE_NANOS); // Not synchronization: the pause between two rounds of questions
            }
        }
    }

    private static <T> T await(CompletableFuture<T> future, long waitNanos, String primaryName) {
        try {
            return future.get(waitNanos, TimeUnit.NANOSECONDS);
        } catch (ExecutionException failed) {
            Throwable cause = failed.getCause();
            if (cause instanceof RedisException redis) {
                throw redis;
            }
            throw new RedisConnectionException(primaryName, "cannot find the primary through the Sentinels: " + cause, cause);
        } catch (TimeoutException slow) {
            throw new RedisConnectionException(primaryName, "the Sentinels did not name a verified primary in time", slow);
        } catch (InterruptedException interrupted) {
            BoundedWait.interrupted(interrupted, "the Sentinels to name the primary");
            throw new RedisConnectionException(primaryName, "interrupted while asking the Sentinels", interrupted);
        }
    }

    /** Waits up to {@code waitNanos}; a Sentinel that is down or slow is followed in the background instead. */
    private static void awaitQuietly(CompletableFuture<?> future, long waitNanos) {
        try {
            future.get(waitNanos, TimeUnit.NANOSECONDS);
        } catch (ExecutionException | TimeoutException slowOrDown) {
            // the links keep trying; events from them start once they are up
        } catch (InterruptedException interrupted) {
            BoundedWait.interrupted(interrupted, "the Sentinel subscriptions");
        }
    }
}
