package io.fastpath.benchmarks.spring;

import io.fastpath.testkit.RespClient;
import java.util.HashSet;
import java.util.Set;

/**
 * Reads {@code CLIENT LIST} every {@link #INTERVAL_MILLIS} ms on a connection of its own while a factory is measured:
 * the most connections named {@code name} open at once. How many connections the factory opened meanwhile comes from
 * the server's {@code total_connections_received}, which counts even one that lived between two samples (the
 * sampler's own connection is opened before the first reading). The same connection reads the server's CPU time
 * ({@code INFO cpu}), so the scenario can say what a mode cost the server without opening another connection.
 *
 * <p>Thread ownership: the admin connection is shared by the sampling thread and the measuring thread, one call at a
 * time under this sampler's lock.
 */
final class ConnectionSampler implements AutoCloseable {
    private final Thread thread;
    /** Often enough to see a factory's steady connections, rarely enough not to load the single-threaded server. */
    static final long INTERVAL_MILLIS = 5;
    private final RespClient admin;
    private final long receivedAtStart;
    // Written by the sampling thread, read after join.
    private int maxOpen;
    private volatile boolean stop;

    private ConnectionSampler(String host, int port, String name) {
        admin = new RespClient(host, port);
        receivedAtStart = connectionsReceived(admin);
        thread = new Thread(() -> {
            while (!stop) {
                maxOpen = Math.max(maxOpen, ids(name).size());
                try {
                    Thread.sleep(INTERVAL_MILLIS); // Not synchronization: the sampling interval
                } catch (InterruptedException interrupted) {
                    return;
                }
            }
        }, "bench-j-connection-sampler");
        thread.setDaemon(true);
    }

    static ConnectionSampler start(String host, int port, String name) {
        ConnectionSampler sampler = new ConnectionSampler(host, port, name);
        sampler.thread.start();
        return sampler;
    }

    private Set<String> ids(String name) {
        Set<String> ids = new HashSet<>();
        for (String line : call("CLIENT", "LIST").split("\n")) {
            if (line.contains(" name=" + name + " ")) {
                ids.add(line.substring(0, line.indexOf(' ')));
            }
        }
        return ids;
    }

    private synchronized String call(String... command) {
        return (String) admin.call(command);
    }

    /** The server's CPU time so far (user and system, every thread of it), in microseconds. */
    double serverCpuMicros() {
        double seconds = 0;
        for (String line : call("INFO", "cpu").split("\r?\n")) {
            if (line.startsWith("used_cpu_sys:") || line.startsWith("used_cpu_user:")) {
                seconds += Double.parseDouble(line.substring(line.indexOf(':') + 1).trim());
            }
        }
        return seconds * 1e6;
    }

    /** The most connections seen open at once; read after {@link #stopAndCountOpened}. */
    int maxOpen() {
        return maxOpen;
    }

    private static long connectionsReceived(RespClient admin) {
        for (String line : ((String) admin.call("INFO", "stats")).split("\r?\n")) {
            if (line.startsWith("total_connections_received:")) {
                return Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
            }
        }
        throw new IllegalStateException("INFO stats has no total_connections_received");
    }

    /**
     * Stops sampling and returns how many connections the server accepted since the sampler started: the factory's,
     * opened while measured. The sampling thread has stopped before the admin connection is used here: one RESP
     * connection cannot serve two threads.
     */
    long stopAndCountOpened() {
        stopSampling();
        return connectionsReceived(admin) - receivedAtStart;
    }

    private void stopSampling() {
        stop = true;
        try {
            thread.join();
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        try {
            stopSampling();
        } finally {
            admin.close();
        }
    }
}
