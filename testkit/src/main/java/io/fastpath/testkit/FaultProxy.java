package io.fastpath.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A TCP proxy on its own loopback port in front of a server, whose behaviour a test switches at
 * runtime to simulate network faults: latency, silence, truncation, fragmentation, garbage and
 * dropped connections.
 *
 * <p>Modes apply to every current and future connection from the moment they are set: {@link
 * #reset()} (pass-through), {@link #delay}, {@link #blackhole()} (nothing forwarded either way,
 * sockets kept open, data held and delivered after reset), {@link #holdNextSender()} (the same for one
 * connection's bytes to the server only), {@link #cutAfterBytes} (the server's
 * next {@code n} bytes reach the client, then both sides are closed), {@link #drip()} (the server's
 * bytes reach the client one write per byte). Plain Java threads: one acceptor plus two per
 * connection, all daemon and all ended by {@link #close()}.
 */
public final class FaultProxy implements AutoCloseable {

    private static final int CONNECT_TIMEOUT_MILLIS = 2000;

    private final String targetHost;
    private final int targetPort;
    private final ServerSocket listener;
    private final Thread acceptor;
    private final Set<ProxyConnection> connections = ConcurrentHashMap.newKeySet();
    private final AtomicInteger connectionsAccepted = new AtomicInteger();
    private final AtomicLong bytesToServer = new AtomicLong();
    private final AtomicLong bytesToClient = new AtomicLong();
    /** Guards waiting for a mode other than blackhole; notified on every mode change and close. */
    private final Object modeMonitor = new Object();

    // Written by the test thread, read by the pump threads.
    private volatile FaultMode mode = FaultMode.PASS_THROUGH;
    /** Connections from these client addresses forward nothing (a network partition); empty: none. */
    private volatile Set<InetAddress> partitionedPeers = Set.of();
    private volatile boolean closed;
    /** Guarded by modeMonitor: set by {@link #holdNextSender()} until a connection sends to the server. */
    private boolean holdNextSender;
    /** Guarded by modeMonitor: the connection whose bytes to the server wait until {@link #reset()}, or null. */
    private ProxyConnection heldSender;

    private FaultProxy(String targetHost, int targetPort) {
        this.targetHost = targetHost;
        this.targetPort = targetPort;
        try {
            this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        } catch (IOException exception) {
            throw new UncheckedIOException("Cannot open a loopback port for the proxy", exception);
        }
        this.acceptor = new Thread(this::acceptLoop, "fault-proxy-" + listener.getLocalPort() + "-accept");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    /** Starts a proxy forwarding to {@code targetHost:targetPort}. */
    public static FaultProxy start(String targetHost, int targetPort) {
        return new FaultProxy(targetHost, targetPort);
    }

    /** Starts a proxy in front of {@code server}. */
    public static FaultProxy inFrontOf(RedisServer server) {
        return start(server.host(), server.port());
    }

    public String host() {
        return RedisServer.HOST;
    }

    /** The port clients connect to instead of the server's. */
    public int port() {
        return listener.getLocalPort();
    }

    public String uri() {
        return "redis://" + host() + ":" + port();
    }

    /** Forwards everything unchanged; releases data held by {@link #blackhole()} and {@link #holdNextSender()}. */
    public void reset() {
        synchronized (modeMonitor) {
            holdNextSender = false;
            heldSender = null;
        }
        setMode(FaultMode.PASS_THROUGH);
    }

    /** Waits {@code delay} before forwarding each chunk, in both directions. */
    public void delay(Duration delay) {
        setMode(FaultMode.delay(delay));
    }

    /** Forwards nothing in either direction while keeping every socket open (no FIN, no RST). */
    public void blackhole() {
        setMode(FaultMode.BLACKHOLE);
    }

    /**
     * Holds the next connection that sends anything to the server: those bytes and every later byte it sends wait in
     * the proxy (sockets kept open, the server's bytes still forwarded) until {@link #reset()}, while every other
     * connection passes. A test that knows which command goes out next holds exactly the connection carrying it,
     * without knowing which of a client's connections that is.
     */
    public void holdNextSender() {
        synchronized (modeMonitor) {
            holdNextSender = true;
            heldSender = null;
        }
    }

    /** Whether a connection's bytes to the server are held since {@link #holdNextSender()} (it has sent). */
    public boolean holdsASender() {
        synchronized (modeMonitor) {
            return heldSender != null;
        }
    }

    /**
     * A network partition between the server and the peers connecting from {@code peers} (e.g. processes
     * started with {@code bind-source-addr 127.0.0.3}): their connections, current and future, forward
     * nothing either way while every other connection passes, as {@link #blackhole()} does for all. Data
     * held meanwhile is delivered after {@link #healPartition()}, as TCP would after a partition heals.
     */
    public void partitionFrom(InetAddress... peers) {
        synchronized (modeMonitor) {
            partitionedPeers = Set.of(peers);
            modeMonitor.notifyAll();
        }
    }

    /** Ends {@link #partitionFrom}: those peers' connections forward again. */
    public void healPartition() {
        partitionFrom();
    }

    /**
     * Lets {@code bytes} more server-to-client bytes through (counted over all connections), then
     * closes the connection that carried the last of them on both sides.
     */
    public void cutAfterBytes(long bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException("bytes must not be negative: " + bytes);
        }
        setMode(FaultMode.cutAfterBytes(bytes));
    }

    /** Forwards server-to-client data one byte per write, flushing each. */
    public void drip() {
        setMode(FaultMode.drip(Duration.ZERO));
    }

    /** Like {@link #drip()}, pausing between bytes. */
    public void drip(Duration pauseBetweenBytes) {
        setMode(FaultMode.drip(pauseBetweenBytes));
    }

    /** Writes {@code bytes} to every open client connection as if the server had sent them. */
    public void injectToClient(byte[] bytes) {
        for (ProxyConnection connection : connections) {
            try {
                connection.injectToClient(bytes);
            } catch (IOException exception) {
                connection.close();
            }
        }
    }

    /** Closes every current connection on both sides; new connections are still accepted. */
    public void dropAll() {
        for (ProxyConnection connection : List.copyOf(connections)) {
            connection.close();
        }
    }

    public int connectionsAccepted() {
        return connectionsAccepted.get();
    }

    public int openConnections() {
        return connections.size();
    }

    public long bytesToServer() {
        return bytesToServer.get();
    }

    public long bytesToClient() {
        return bytesToClient.get();
    }

    /** Stops accepting, closes every connection and ends every proxy thread. */
    @Override
    public void close() {
        closed = true;
        try {
            listener.close();
        } catch (IOException ignored) {
            // The acceptor ends either way once closed is set.
        }
        dropAll();
        synchronized (modeMonitor) {
            modeMonitor.notifyAll();
        }
        try {
            acceptor.join(2000);
        } catch (InterruptedException exception) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public String toString() {
        return "FaultProxy[" + port() + " -> " + targetHost + ":" + targetPort + ", " + mode
                + (partitionedPeers.isEmpty() ? "" : ", partitioned from " + partitionedPeers) + "]";
    }

    /**
     * Blocks the calling pump while the mode is blackhole, its peer is partitioned away or, towards the server, its
     * connection is the held sender; returns the mode to apply, or {@code null} when the connection or the proxy closed
     * meanwhile.
     */
    FaultMode awaitForwardingMode(ProxyConnection connection, boolean towardsServer) throws InterruptedException {
        synchronized (modeMonitor) {
            if (towardsServer && holdNextSender) {
                holdNextSender = false;
                heldSender = connection; // the first to send since holdNextSender: this chunk and its later ones wait
            }
            while ((mode.kind == FaultMode.Kind.BLACKHOLE || partitionedPeers.contains(connection.peer())
                    || towardsServer && connection == heldSender) && !closed && !connection.isClosed()) {
                modeMonitor.wait(100);
            }
        }
        return closed || connection.isClosed() ? null : mode;
    }

    void countToServer(int bytes) {
        bytesToServer.addAndGet(bytes);
    }

    void countToClient(int bytes) {
        bytesToClient.addAndGet(bytes);
    }

    void connectionClosed(ProxyConnection connection) {
        connections.remove(connection);
    }

    private void setMode(FaultMode newMode) {
        synchronized (modeMonitor) {
            mode = newMode;
            modeMonitor.notifyAll();
        }
    }

    private void acceptLoop() {
        while (!closed) {
            Socket client;
            try {
                client = listener.accept();
            } catch (IOException exception) {
                return;
            }
            int number = connectionsAccepted.incrementAndGet();
            Socket server = new Socket();
            try {
                client.setTcpNoDelay(true);
                server.setTcpNoDelay(true);
                server.connect(new InetSocketAddress(targetHost, targetPort), CONNECT_TIMEOUT_MILLIS);
            } catch (IOException exception) {
                closeQuietly(client);
                closeQuietly(server);
                continue;
            }
            ProxyConnection connection = new ProxyConnection(this, client, server,
                    "fault-proxy-" + port() + "-connection-" + number);
            connections.add(connection);
            if (closed) {
                connection.close();
                return;
            }
            connection.start();
        }
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // Already broken; nothing left to release.
        }
    }
}
