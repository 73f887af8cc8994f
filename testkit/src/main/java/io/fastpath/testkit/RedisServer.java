package io.fastpath.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.ProcessBuilder.Redirect;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One real {@code redis-server} process on a free loopback port of this JVM's own port block, owned by this handle.
 *
 * <p>Integration tests and benchmarks need a server they can crash, freeze and restart at will;
 * this handle offers exactly that while only ever signalling the process it started itself. The
 * working directory (log, cluster config) is a fresh temporary directory (a Sentinel's in {@code /dev/shm}
 * where the system has it) removed on {@link #close()}, and a JVM shutdown hook kills the process if the
 * test run dies before closing it.
 */
public final class RedisServer implements AutoCloseable {

    public static final String HOST = "127.0.0.1";

    private static final int START_ATTEMPTS = 5;
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(5);
    private static final Duration PROBE_CONNECT_TIMEOUT = Duration.ofMillis(250);
    private static final Duration PROBE_READ_TIMEOUT = Duration.ofSeconds(1);

    private final RedisServerBinary binary;
    private final List<String> extraArguments;
    private final String password;
    private final boolean clusterEnabled;
    private final Duration startupTimeout;
    private final Path directory;
    /** TLS arguments without the port, or empty for a plain-text-only server. */
    private final List<String> tlsArguments;
    /** Null for a data node; for a Sentinel, the lines of the sentinel.conf written before its first start. */
    private final List<String> sentinelConfig;

    // The fields below are written by the thread driving the test and read by the shutdown hook.
    private volatile int port;
    /** The TLS port beside the plain one (which the kit's probes and admin connections use); 0 without TLS. */
    private volatile int tlsPort;
    private volatile Process process;
    private volatile boolean paused;
    private volatile boolean closed;

    private RedisServer(Builder builder) {
        this.binary = builder.binary != null ? builder.binary : RedisServerBinary.locate();
        this.extraArguments = List.copyOf(builder.arguments);
        this.password = valueAfter(extraArguments, "--requirepass");
        this.clusterEnabled = "yes".equalsIgnoreCase(valueAfter(extraArguments, "--cluster-enabled"));
        this.startupTimeout = builder.startupTimeout;
        this.tlsArguments = List.copyOf(builder.tlsArguments);
        this.sentinelConfig = builder.sentinelConfig;
        this.directory = sentinelConfig == null ? TemporaryDirectories.create("fastpath-redis-")
                : TemporaryDirectories.createInMemory("fastpath-sentinel-"); // its config's fsyncs must not wait on a disk
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Starts a server with the default configuration. */
    public static RedisServer start() {
        return builder().start();
    }

    public String host() {
        return HOST;
    }

    public int port() {
        return port;
    }

    /** For example {@code redis://127.0.0.1:6380}. */
    public String uri() {
        return "redis://" + HOST + ":" + port;
    }

    /** True when the server also listens for TLS ({@link Builder#tls}). */
    public boolean hasTls() {
        return tlsPort != 0;
    }

    /** The TLS port, when the server was built with {@link Builder#tls}; the plain {@link #port()} stays open too. */
    public int tlsPort() {
        if (tlsPort == 0) {
            throw new IllegalStateException("Server on port " + port + " was started without TLS");
        }
        return tlsPort;
    }

    /** For example {@code rediss://127.0.0.1:6390}, the TLS port. */
    public String tlsUri() {
        return "rediss://" + HOST + ":" + tlsPort();
    }

    /** The process id of the running server; fails when it is not running. */
    public long pid() {
        Process current = process;
        if (current == null) {
            throw new IllegalStateException("Server on port " + port + " has no process");
        }
        return current.pid();
    }

    /** The password given with {@code --requirepass}, or {@code null}. */
    public String password() {
        return password;
    }

    public Path directory() {
        return directory;
    }

    public RedisServerBinary binary() {
        return binary;
    }

    /** A new connection, authenticated when the server requires a password; the caller closes it. */
    public RespClient admin() {
        return connect(RespClient.DEFAULT_CONNECT_TIMEOUT, RespClient.DEFAULT_READ_TIMEOUT);
    }

    /** Runs one command on a short-lived admin connection and returns its reply. */
    public Object call(String... arguments) {
        try (RespClient client = admin()) {
            return client.call(arguments);
        }
    }

    public boolean isAlive() {
        Process current = process;
        return current != null && current.isAlive();
    }

    /** True between {@link #pause()} and {@link #resume()}. */
    public boolean isPaused() {
        return paused && isAlive();
    }

    /** Kills the process with SIGKILL, leaving no chance to clean up, and waits until it is gone. */
    public void kill9() {
        Process current = process;
        if (current == null) {
            return;
        }
        current.destroyForcibly();
        awaitExit(current, STOP_TIMEOUT);
        paused = false;
    }

    /** Freezes the process with SIGSTOP: connections stay open but nothing is answered. */
    public void pause() {
        Process current = requireAlive();
        ProcessSignals.send(current, "STOP");
        paused = true;
    }

    /** Unfreezes a process frozen by {@link #pause()} with SIGCONT. */
    public void resume() {
        Process current = process;
        if (current == null || !current.isAlive() || !paused) {
            return;
        }
        ProcessSignals.send(current, "CONT");
        paused = false;
    }

    /**
     * Stops the process gracefully with {@code SHUTDOWN NOSAVE}, and forcibly if it does not exit
     * within a few seconds. Does nothing when it is not running.
     */
    public void stop() {
        Process current = process;
        if (current == null || !current.isAlive()) {
            paused = false;
            return;
        }
        resume();
        requestShutdown();
        if (!awaitExit(current, STOP_TIMEOUT)) {
            current.destroyForcibly();
            awaitExit(current, STOP_TIMEOUT);
        }
    }

    /** Stops the process if running and starts it again on the same port and directory. */
    public void restart() {
        ensureOpen();
        stop();
        launch(port);
        if (!awaitReady()) {
            throw new RedisTestkitException("Server did not come back on port " + port + " after restart"
                    + describeLog(40));
        }
    }

    /** The last {@code lines} lines of the server log (or of its console output if no log exists). */
    public List<String> logTail(int lines) {
        List<String> log = LogTail.lastLines(logFile(), lines);
        return log.isEmpty() ? LogTail.lastLines(consoleFile(), lines) : log;
    }

    /** Stops the process and deletes its working directory. Idempotent. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            stop();
        } finally {
            TemporaryDirectories.deleteQuietly(directory);
            LiveServers.unregister(this);
        }
    }

    @Override
    public String toString() {
        Process current = process;
        boolean running = current != null && current.isAlive();
        return "RedisServer[" + uri() + (running ? ", pid " + current.pid() : ", not running") + "]";
    }

    /** Kills without waiting for replies; runs on the shutdown hook thread. */
    void destroyOnJvmExit() {
        Process current = process;
        if (current != null && current.isAlive()) {
            current.destroyForcibly();
            awaitExit(current, Duration.ofSeconds(2));
        }
        TemporaryDirectories.deleteQuietly(directory);
    }

    /** A connection with explicit timeouts, authenticated when needed. */
    RespClient connect(Duration connectTimeout, Duration readTimeout) {
        RespClient client = new RespClient(HOST, port, connectTimeout, readTimeout);
        if (password != null) {
            try {
                client.call("AUTH", password);
            } catch (RuntimeException failure) {
                client.close();
                throw failure;
            }
        }
        return client;
    }

    /** A description of the server and its log tail, for error messages. */
    String describeLog(int lines) {
        return "\n--- last log lines of " + HOST + ":" + port + " (" + directory + ") ---\n"
                + String.join("\n", logTail(lines));
    }

    private RedisServer startOnFreePort() {
        LiveServers.register(this);
        try {
            for (int attempt = 1; attempt <= START_ATTEMPTS; attempt++) {
                if (!tlsArguments.isEmpty()) {
                    tlsPort = FreePorts.pick(false);
                }
                launch(FreePorts.pick(clusterEnabled));
                if (awaitReady()) {
                    return this;
                }
                Process failed = process;
                boolean portTaken = String.join("\n", logTail(20)).contains("Address already in use");
                if (!portTaken || attempt == START_ATTEMPTS) {
                    String reason = failed.isAlive()
                            ? "did not answer PING within " + startupTimeout.toMillis() + " ms"
                            : "exited with status " + failed.exitValue();
                    throw new RedisTestkitException("redis-server on port " + port + " " + reason
                            + " (command: " + String.join(" ", command(port)) + ")" + describeLog(40));
                }
            }
            throw new IllegalStateException("unreachable: the loop returns or throws");
        } catch (RuntimeException failure) {
            close();
            throw failure;
        }
    }

    private void launch(int chosenPort) {
        this.port = chosenPort;
        if (sentinelConfig != null && !Files.exists(sentinelConfigFile())) {
            try {
                Files.write(sentinelConfigFile(), sentinelConfig); // kept across restarts: a Sentinel remembers what it learned
            } catch (IOException exception) {
                throw new UncheckedIOException("Cannot write " + sentinelConfigFile(), exception);
            }
        }
        ProcessBuilder builder = new ProcessBuilder(command(chosenPort))
                .directory(directory.toFile())
                .redirectErrorStream(true)
                .redirectOutput(Redirect.appendTo(consoleFile().toFile()));
        try {
            process = builder.start();
            paused = false;
        } catch (IOException exception) {
            throw new RedisTestkitException("Cannot start " + binary.executable(), exception);
        }
    }

    /** True once PING answers PONG; false as soon as the process exits or the timeout passes. */
    private boolean awaitReady() {
        Process current = process;
        long deadline = System.nanoTime() + startupTimeout.toNanos();
        while (System.nanoTime() - deadline < 0) {
            if (!current.isAlive()) {
                return false;
            }
            try (RespClient client = connect(PROBE_CONNECT_TIMEOUT, PROBE_READ_TIMEOUT)) {
                if ("PONG".equals(client.call("PING"))) {
                    return true;
                }
            } catch (UncheckedIOException | RespServerError notReadyYet) {
                // Not listening yet, or still loading; poll again.
            }
            Waits.sleep(10); // Not synchronization: the poll interval between start-up probes
        }
        return false;
    }

    private void requestShutdown() {
        List<String> shutdown = new ArrayList<>(List.of("SHUTDOWN", "NOSAVE"));
        if (binary.isAtLeast(7, 0)) {
            // Without NOW a primary waits up to shutdown-timeout for lagging replicas.
            shutdown.add("NOW");
        }
        try (RespClient client = connect(PROBE_CONNECT_TIMEOUT, PROBE_READ_TIMEOUT)) {
            client.call(shutdown.toArray(new String[0]));
        } catch (UncheckedIOException | RespServerError expected) {
            // A successful SHUTDOWN closes the connection without a reply; a refusal is handled by the forced kill.
        }
    }

    private List<String> command(int chosenPort) {
        List<String> command = new ArrayList<>(List.of(binary.executable().toString()));
        if (sentinelConfig != null) {
            // A Sentinel needs a writable config file as its first argument; it rewrites it as it learns.
            command.add(sentinelConfigFile().toString());
            command.add("--sentinel");
        }
        command.addAll(Arrays.asList(
                "--port", Integer.toString(chosenPort),
                "--bind", HOST,
                "--save", "",
                "--appendonly", "no",
                "--daemonize", "no",
                "--dir", directory.toString(),
                "--logfile", logFile().toString()));
        if (binary.isAtLeast(7, 0)) {
            command.add("--enable-debug-command");
            command.add("yes");
        }
        if (!tlsArguments.isEmpty()) {
            command.add("--tls-port");
            command.add(Integer.toString(tlsPort));
            command.addAll(tlsArguments);
            if (clusterEnabled) {
                // With tls-cluster the bus would follow the TLS port; keep it where the kit reserved it.
                command.add("--cluster-port");
                command.add(Integer.toString(chosenPort + FreePorts.CLUSTER_BUS_PORT_OFFSET));
            }
        }
        command.addAll(extraArguments);
        return command;
    }

    private Process requireAlive() {
        Process current = process;
        if (current == null || !current.isAlive()) {
            throw new IllegalStateException("Server on port " + port + " is not running");
        }
        return current;
    }

    private void ensureOpen() {
        if (closed) {
            throw new IllegalStateException("Server on port " + port + " is closed");
        }
    }

    /** True for a process started as a Sentinel ({@link Builder#sentinel}). */
    public boolean isSentinel() {
        return sentinelConfig != null;
    }

    private Path sentinelConfigFile() {
        return directory.resolve("sentinel.conf");
    }

    private Path logFile() {
        return directory.resolve("redis.log");
    }

    private Path consoleFile() {
        return directory.resolve("console.log");
    }

    private static boolean awaitExit(Process process, Duration timeout) {
        try {
            return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException exception) {
            Thread.currentThread().interrupt();
            return !process.isAlive();
        }
    }

    private static String valueAfter(List<String> arguments, String name) {
        int index = arguments.lastIndexOf(name);
        return index >= 0 && index + 1 < arguments.size() ? arguments.get(index + 1) : null;
    }

    /** Configures and starts a {@link RedisServer}. */
    public static final class Builder {

        private final List<String> arguments = new ArrayList<>();
        private final List<String> tlsArguments = new ArrayList<>();
        private Duration startupTimeout = Duration.ofSeconds(10);
        private RedisServerBinary binary;
        private List<String> sentinelConfig;

        private Builder() {
        }

        /**
         * Starts the process as a Sentinel ({@code <config> --sentinel}; Debian's redis-server and
         * valkey-server both run as one) with these sentinel.conf lines, e.g. {@code sentinel monitor ...};
         * the port, bind address, log and directory come from the kit as for any server.
         */
        public Builder sentinel(List<String> configLines) {
            this.sentinelConfig = List.copyOf(configLines);
            return this;
        }

        /** Raw extra command-line arguments, e.g. {@code "--cluster-enabled", "yes"}. */
        public Builder arguments(String... extra) {
            arguments.addAll(Arrays.asList(extra));
            return this;
        }

        /** One configuration directive, e.g. {@code config("maxmemory", "10mb")}. */
        public Builder config(String name, String... values) {
            arguments.add("--" + name);
            arguments.addAll(Arrays.asList(values));
            return this;
        }

        /** Requires clients to authenticate; {@link RedisServer#admin()} then sends AUTH. */
        public Builder password(String password) {
            return config("requirepass", password);
        }

        /**
         * Also listens for TLS on {@link RedisServer#tlsPort()} with this certificate and key, trusting
         * {@code caCertificate} for client certificates, which are required when
         * {@code requireClientCertificates} (mutual TLS) and not asked for otherwise.
         */
        public Builder tls(Path certificate, Path privateKey, Path caCertificate, boolean requireClientCertificates) {
            tlsArguments.clear();
            tlsArguments.addAll(List.of("--tls-cert-file", certificate.toString(), "--tls-key-file", privateKey.toString(),
                    "--tls-ca-cert-file", caCertificate.toString(),
                    "--tls-auth-clients", requireClientCertificates ? "yes" : "no"));
            return this;
        }

        public Builder startupTimeout(Duration timeout) {
            this.startupTimeout = timeout;
            return this;
        }

        public Builder binary(RedisServerBinary executable) {
            this.binary = executable;
            return this;
        }

        /** Starts the process and returns once it answers PING. */
        public RedisServer start() {
            return new RedisServer(this).startOnFreePort();
        }
    }
}
