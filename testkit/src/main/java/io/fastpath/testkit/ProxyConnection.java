package io.fastpath.testkit;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;

/**
 * One client connection through a {@link FaultProxy}: the accepted client socket, the socket to
 * the server, and one pump thread per direction applying the proxy's current {@link FaultMode}.
 */
final class ProxyConnection {

    private static final int BUFFER_SIZE = 16 * 1024;

    private final FaultProxy proxy;
    private final Socket client;
    private final Socket server;
    private final String name;
    /** Serializes writes to the client between the server pump and {@link #injectToClient}. */
    private final Object clientWriteLock = new Object();
    /** Set by whichever thread closes first (a pump, the test, the proxy), read by all of them. */
    private volatile boolean closed;

    ProxyConnection(FaultProxy proxy, Socket client, Socket server, String name) {
        this.proxy = proxy;
        this.client = client;
        this.server = server;
        this.name = name;
    }

    void start() {
        startPump(name + "-client-to-server", false);
        startPump(name + "-server-to-client", true);
    }

    boolean isClosed() {
        return closed;
    }

    /** The address the client connected from. */
    InetAddress peer() {
        return client.getInetAddress();
    }

    void injectToClient(byte[] bytes) throws IOException {
        proxy.countToClient(bytes.length); // counted first: a reader that saw the bytes also sees the count
        synchronized (clientWriteLock) {
            OutputStream output = client.getOutputStream();
            output.write(bytes);
            output.flush();
        }
    }

    /** Closes both sockets, which ends both pump threads. Idempotent. */
    void close() {
        closed = true;
        try {
            // A FIN first, so the client reads everything already sent before seeing the end.
            client.shutdownOutput();
        } catch (IOException ignored) {
            // Already closed or broken; the close below still releases it.
        }
        closeQuietly(client);
        closeQuietly(server);
        proxy.connectionClosed(this);
    }

    private void startPump(String threadName, boolean towardsClient) {
        Thread pump = new Thread(() -> pump(towardsClient), threadName);
        pump.setDaemon(true);
        pump.start();
    }

    private void pump(boolean towardsClient) {
        byte[] buffer = new byte[BUFFER_SIZE];
        try {
            InputStream input = (towardsClient ? server : client).getInputStream();
            OutputStream output = (towardsClient ? client : server).getOutputStream();
            while (!closed) {
                int read = input.read(buffer);
                if (read < 0) {
                    break;
                }
                if (!forward(buffer, read, output, towardsClient)) {
                    break;
                }
            }
        } catch (IOException | InterruptedException expected) {
            // A closed socket or a closing proxy ends the pump either way.
        } finally {
            close();
        }
    }

    /** Applies the current mode to one chunk; false means the connection must close now. */
    private boolean forward(byte[] buffer, int length, OutputStream output, boolean towardsClient)
            throws IOException, InterruptedException {
        FaultMode mode = proxy.awaitForwardingMode(this, !towardsClient);
        if (mode == null) {
            return false;
        }
        switch (mode.kind) {
            case DELAY:
                Thread.sleep(mode.pause.toMillis()); // Not synchronization: the delay fault itself
                write(buffer, 0, length, output, towardsClient);
                return true;
            case CUT_AFTER_BYTES:
                if (!towardsClient) {
                    write(buffer, 0, length, output, false);
                    return true;
                }
                int granted = (int) mode.takeFromCutBudget(length);
                write(buffer, 0, granted, output, true);
                return mode.remainingBeforeCut.get() > 0;
            case DRIP:
                if (!towardsClient) {
                    write(buffer, 0, length, output, false);
                    return true;
                }
                for (int index = 0; index < length; index++) {
                    write(buffer, index, 1, output, true);
                    if (!mode.pause.isZero()) {
                        Thread.sleep(mode.pause.toMillis()); // Not synchronization: the drip fault's pause between bytes
                    }
                }
                return true;
            default:
                write(buffer, 0, length, output, towardsClient);
                return true;
        }
    }

    private void write(byte[] buffer, int offset, int length, OutputStream output, boolean towardsClient)
            throws IOException {
        if (length == 0) {
            return;
        }
        // Counted before writing: whoever saw the bytes arrive also sees them counted.
        if (towardsClient) {
            proxy.countToClient(length);
            synchronized (clientWriteLock) {
                output.write(buffer, offset, length);
                output.flush();
            }
        } else {
            proxy.countToServer(length);
            output.write(buffer, offset, length);
            output.flush();
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
