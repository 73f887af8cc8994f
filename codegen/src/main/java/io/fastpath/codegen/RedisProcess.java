package io.fastpath.codegen;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A throwaway {@code redis-server} on a free loopback port with persistence off, started for the generator
 * and its tests and always stopped by {@link #close()} (or by a shutdown hook if the JVM exits first).
 *
 * <p>The binary is {@code redis-server} from the PATH unless the system property
 * {@value #BINARY_PROPERTY} names another one.
 */
public final class RedisProcess implements AutoCloseable {

    static final String BINARY_PROPERTY = "fastpath.redisServer";
    private static final String HOST = "127.0.0.1";
    private static final int START_ATTEMPTS = 3;
    private static final long READY_TIMEOUT_MILLIS = 10_000;

    private final Process process;
    private final int port;
    private final Path directory;
    private final Thread shutdownHook;

    private RedisProcess(Process process, int port, Path directory) {
        this.process = process;
        this.port = port;
        this.directory = directory;
        this.shutdownHook = new Thread(process::destroyForcibly, "redis-server-" + port + "-shutdown");
        Runtime.getRuntime().addShutdownHook(shutdownHook);
    }

    /** Starts a server and returns once it answers PING; retries on another port if the chosen one was taken. */
    public static RedisProcess start() throws IOException {
        IOException lastFailure = null;
        for (int attempt = 0; attempt < START_ATTEMPTS; attempt++) {
            Path directory = Files.createTempDirectory("fastpath-codegen-redis");
            int port = freePort();
            Process process;
            try {
                process = new ProcessBuilder(command(port, directory))
                        .directory(directory.toFile())
                        .redirectErrorStream(true)
                        .redirectOutput(directory.resolve("redis.log").toFile())
                        .start();
            } catch (IOException notRunnable) {
                deleteDirectory(directory);
                throw new IOException("could not run " + binary() + "; put redis-server on the PATH or set -D"
                        + BINARY_PROPERTY, notRunnable);
            }
            RedisProcess redis = new RedisProcess(process, port, directory);
            try {
                redis.awaitReady();
                return redis;
            } catch (IOException notReady) {
                redis.close();
                lastFailure = notReady;
            }
        }
        throw lastFailure;
    }

    public String host() {
        return HOST;
    }

    public int port() {
        return port;
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException interrupted) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException shutdownInProgress) {
            // The hook is running or about to; it only kills the process, which is already stopped.
        }
        deleteDirectory(directory);
    }

    private static List<String> command(int port, Path directory) {
        return List.of(
                binary(),
                "--port", Integer.toString(port),
                "--bind", HOST,
                "--save", "",
                "--appendonly", "no",
                "--daemonize", "no",
                "--dir", directory.toString());
    }

    private static String binary() {
        return System.getProperty(BINARY_PROPERTY, "redis-server");
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(HOST))) {
            return socket.getLocalPort();
        }
    }

    private void awaitReady() throws IOException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(READY_TIMEOUT_MILLIS);
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IOException("redis-server on port " + port + " exited with " + process.exitValue()
                        + "; its log:\n" + log());
            }
            try (RespSocket socket = RespSocket.connect(HOST, port)) {
                if ("PONG".equals(socket.call("PING"))) {
                    return;
                }
            } catch (IOException notListeningYet) {
                // The server is still starting; poll again below.
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while waiting for redis-server", interrupted);
            }
        }
        throw new IOException("redis-server on port " + port + " did not answer PING within "
                + READY_TIMEOUT_MILLIS + " ms; its log:\n" + log());
    }

    private String log() {
        try {
            return Files.readString(directory.resolve("redis.log"), StandardCharsets.UTF_8);
        } catch (IOException unreadable) {
            return "(log unreadable: " + unreadable.getMessage() + ")";
        }
    }

    private static void deleteDirectory(Path directory) {
        try (Stream<Path> paths = Files.walk(directory)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        } catch (IOException undeletable) {
            throw new UncheckedIOException("could not delete " + directory, undeletable);
        }
    }
}
