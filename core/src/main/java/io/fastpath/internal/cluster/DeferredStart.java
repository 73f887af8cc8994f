package io.fastpath.internal.cluster;

import io.fastpath.internal.connection.Connection;
import io.netty.channel.EventLoop;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Connections started later, once: at cluster start-up the replicas', after the primaries' first attempts
 * ({@link #start}) or a bound ({@link #startNoLaterThan}), whichever comes first.
 *
 * <p>Thread ownership: any thread; {@link #started} makes the start happen once.
 */
final class DeferredStart {
    private final List<Connection> connections;
    private final AtomicBoolean started = new AtomicBoolean();

    DeferredStart(List<Connection> connections) {
        this.connections = List.copyOf(connections);
    }

    void start() {
        if (started.compareAndSet(false, true)) {
            for (Connection connection : connections) {
                connection.start(); // a connection closed meanwhile (the client closed) does not connect
            }
        }
    }

    void startNoLaterThan(EventLoop loop, long delayNanos) {
        if (started.get()) {
            return;
        }
        try {
            loop.schedule(this::start, delayNanos, TimeUnit.NANOSECONDS);
        } catch (RejectedExecutionException closing) {
            // the client is closing: nothing is left to connect
        }
    }
}
