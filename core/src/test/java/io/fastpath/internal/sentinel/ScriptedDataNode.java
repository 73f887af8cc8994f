package io.fastpath.internal.sentinel;

import io.fastpath.internal.connection.ScriptedServer;
import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;

/**
 * A data node of a {@link ScriptedDeployment}: answers the handshake, {@code ROLE} with its current role (the replies
 * can be held back, as for a ROLE probe still in flight), and {@code INCR} with its own port, so a caller's reply says
 * which node wrote its command.
 *
 * <p>Thread-safe: the server's threads answer; the test changes the role and holds or releases the ROLE replies.
 */
final class ScriptedDataNode implements AutoCloseable {
    private static final String HELLO_REPLY = "%1\r\n+server\r\n+scripted\r\n";

    private final ScriptedServer server;
    private volatile String role;
    /** Every ROLE reply waits for it: completed unless the test holds them back. */
    private volatile CompletableFuture<Void> roleReplies = CompletableFuture.completedFuture(null);

    ScriptedDataNode(String role) throws IOException {
        this.role = role;
        this.server = new ScriptedServer(this::answer);
    }

    private String answer(List<String> command) {
        return switch (command.get(0).toUpperCase(Locale.ROOT)) {
            case "HELLO" -> HELLO_REPLY;
            case "ROLE" -> {
                roleReplies.join(); // blocks this connection's serving thread only
                yield RoleCheck.PRIMARY.equals(role) ? "*3\r\n$6\r\nmaster\r\n:0\r\n*0\r\n"
                        : "*5\r\n$5\r\nslave\r\n$9\r\n127.0.0.1\r\n:0\r\n$9\r\nconnected\r\n:0\r\n";
            }
            case "INCR" -> ":" + port() + "\r\n";
            case "PING" -> "+PONG\r\n";
            default -> "+OK\r\n"; // CLIENT SETINFO and the rest of a handshake
        };
    }

    int port() {
        return server.port();
    }

    /** {@code 127.0.0.1 port}, as Sentinel's events write an address. */
    String address() {
        return "127.0.0.1 " + port();
    }

    /** {@code 127.0.0.1:port}, as the client's events and connections name it. */
    String endpoint() {
        return "127.0.0.1:" + port();
    }

    void role(String role) {
        this.role = role;
    }

    /** From now on ROLE is answered only after {@link #answerRole()}: a ROLE probe of this node stays in flight. */
    void holdRoleReplies() {
        roleReplies = new CompletableFuture<>();
    }

    void answerRole() {
        roleReplies.complete(null);
    }

    /** The keys INCRemented here, in the order they arrived. */
    List<String> incremented() {
        return server.received().stream().filter(command -> command.get(0).equalsIgnoreCase("INCR"))
                .map(command -> command.get(1)).toList();
    }

    @Override
    public void close() throws IOException {
        answerRole(); // a serving thread waiting to answer ROLE ends with its socket
        server.close();
    }
}
