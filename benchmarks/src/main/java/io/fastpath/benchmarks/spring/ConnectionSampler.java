package io.fastpath.benchmarks.spring;

import io.fastpath.testkit.RespClient;
import java.util.HashSet;
import java.util.Set;

/**
 * Reads {@code CLIENT LIST} in a loop on a connection of its own while a factory is measured: the most connections
 * named {@code name} open at once, and how many distinct ones appeared (a connection per command or per pipeline
 * shows there, however short-lived, as long as it lives across one sample).
 */
final class ConnectionSampler implements AutoCloseable {
    private final Thread thread;
    private final Set<String> seen = new HashSet<>();
    private final Set<String> atStart;
    // Written by the sampling thread, read after join.
    private int maxOpen;
    private volatile boolean stop;

    private ConnectionSampler(String host, int port, String name) {
        RespClient admin = new RespClient(host, port);
        atStart = ids(admin, name);
        thread = new Thread(() -> {
            try (admin) {
                while (!stop) {
                    Set<String> open = ids(admin, name);
                    maxOpen = Math.max(maxOpen, open.size());
                    seen.addAll(open);
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

    private static Set<String> ids(RespClient admin, String name) {
        Set<String> ids = new HashSet<>();
        for (String line : ((String) admin.call("CLIENT", "LIST")).split("\n")) {
            if (line.contains(" name=" + name + " ")) {
                ids.add(line.substring(0, line.indexOf(' ')));
            }
        }
        return ids;
    }

    int maxOpen() {
        return maxOpen;
    }

    /** Connections seen during the run that were not open when it started. */
    int opened() {
        Set<String> fresh = new HashSet<>(seen);
        fresh.removeAll(atStart);
        return fresh.size();
    }

    @Override
    public void close() {
        stop = true;
        try {
            thread.join();
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
