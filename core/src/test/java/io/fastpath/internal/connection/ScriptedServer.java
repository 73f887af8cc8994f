package io.fastpath.internal.connection;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

/**
 * A fake server on loopback for protocol tests only: it reads commands (arrays of bulk strings) and
 * answers each with whatever bytes the script returns, so tests can send what a real server never
 * would (wrong types, unsolicited replies, pushes, attributes, RESP2-only handshakes). Public for the protocol
 * tests of other packages (the Sentinel monitor's scripted Sentinels and data nodes).
 *
 * <p>Thread-safe: each connection is served by its own thread; a script may block that thread (to hold a reply back).
 */
public final class ScriptedServer implements AutoCloseable {
    private static final Set<String> SUBSCRIBING = Set.of("SUBSCRIBE", "SSUBSCRIBE", "PSUBSCRIBE");

    private final ServerSocket listener;
    private final Function<List<String>, String> script;
    private final List<List<String>> received = new CopyOnWriteArrayList<>();
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    /** The connections that sent a SUBSCRIBE (or SSUBSCRIBE, PSUBSCRIBE): where pushes of published messages go. */
    private final Set<Socket> subscribers = ConcurrentHashMap.newKeySet();
    private final Thread acceptor;

    /** The script maps a command's words to raw RESP text to send back (null: send nothing). */
    public ScriptedServer(Function<List<String>, String> script) throws IOException {
        this.script = script;
        this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        this.acceptor = new Thread(this::acceptLoop, "scripted-server");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    public int port() {
        return listener.getLocalPort();
    }

    public List<List<String>> received() {
        return received;
    }

    /** Connections accepted so far (a client that connected and sent nothing counts too). */
    public int connectionsAccepted() {
        return sockets.size();
    }

    /** Sends raw bytes to every connected client, outside any request. */
    void sendToAll(String resp) throws IOException {
        for (Socket socket : sockets) {
            if (socket.isClosed()) {
                continue; // a connection the client already dropped
            }
            try {
                write(socket, resp);
            } catch (IOException closedMeanwhile) {
                if (!socket.isClosed()) {
                    throw closedMeanwhile;
                } // dropped between the check and the write (its serving thread closed it): same as above
            }
        }
    }

    /** Sends raw bytes to the connection accepted {@code index}-th (0 = the first), outside any request. */
    void sendTo(int index, String resp) throws IOException {
        write(sockets.get(index), resp);
    }

    /** Sends raw bytes to every connection that subscribed to something (a message published to it, say). */
    public void sendToSubscribers(String resp) throws IOException {
        for (Socket socket : subscribers) {
            write(socket, resp);
        }
    }

    /** One frame at a time per socket: a reply and a frame sent from outside must not interleave. */
    private static void write(Socket socket, String resp) throws IOException {
        synchronized (socket) {
            socket.getOutputStream().write(resp.getBytes(StandardCharsets.UTF_8));
            socket.getOutputStream().flush();
        }
    }

    /** Closes every client connection (the listener stays open, so clients can reconnect). */
    void dropConnections() throws IOException {
        for (Socket socket : sockets) {
            socket.close();
        }
    }

    private void acceptLoop() {
        while (!listener.isClosed()) {
            try {
                Socket socket = listener.accept();
                sockets.add(socket);
                Thread reader = new Thread(() -> serve(socket), "scripted-connection");
                reader.setDaemon(true);
                reader.start();
            } catch (IOException closed) {
                return;
            }
        }
    }

    private void serve(Socket socket) {
        try (socket) {
            InputStream in = new BufferedInputStream(socket.getInputStream());
            while (true) {
                List<String> command = readCommand(in);
                if (command == null) {
                    return;
                }
                received.add(command);
                if (SUBSCRIBING.contains(command.get(0).toUpperCase(Locale.ROOT))) {
                    subscribers.add(socket);
                }
                String reply = script.apply(command);
                if (reply != null) {
                    write(socket, reply);
                }
            }
        } catch (IOException closed) {
            // The client went away; nothing to clean up beyond the socket.
        } finally {
            subscribers.remove(socket); // a subscriber that reconnects subscribes again on its new socket
        }
    }

    private static List<String> readCommand(InputStream in) throws IOException {
        String header = readLine(in);
        if (header == null) {
            return null;
        }
        int count = Integer.parseInt(header.substring(1));
        List<String> words = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            int length = Integer.parseInt(readLine(in).substring(1));
            byte[] bytes = in.readNBytes(length + 2);
            words.add(new String(bytes, 0, length, StandardCharsets.UTF_8));
        }
        return words;
    }

    private static String readLine(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        int previous = -1;
        int current;
        while ((current = in.read()) != -1) {
            if (previous == '\r' && current == '\n') {
                line.setLength(line.length() - 1);
                return line.toString();
            }
            line.append((char) current);
            previous = current;
        }
        return null;
    }

    @Override
    public void close() throws IOException {
        listener.close();
        for (Socket socket : sockets) {
            socket.close();
        }
    }
}
