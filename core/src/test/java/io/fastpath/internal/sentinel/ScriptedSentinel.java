package io.fastpath.internal.sentinel;

import io.fastpath.internal.connection.ScriptedServer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * A Sentinel of a {@link ScriptedDeployment}: names the deployment's current primary and configuration epoch when
 * asked ({@code SENTINEL GET-MASTER-ADDR-BY-NAME}, {@code SENTINEL MASTER}), lists no other Sentinel and no replica,
 * confirms subscriptions, and publishes the events a test scripts to the client's subscriber connection, in order.
 *
 * <p>Thread-safe: the server's threads answer; the test publishes.
 */
final class ScriptedSentinel implements AutoCloseable {
    private static final String HELLO_REPLY = "%1\r\n+server\r\n+scripted\r\n";

    private final ScriptedServer server;
    private final Supplier<ScriptedDataNode> primary;
    private final Supplier<Long> epoch;

    ScriptedSentinel(Supplier<ScriptedDataNode> primary, Supplier<Long> epoch) throws IOException {
        this.primary = primary;
        this.epoch = epoch;
        this.server = new ScriptedServer(this::answer);
    }

    private String answer(List<String> command) {
        return switch (command.get(0).toUpperCase(Locale.ROOT)) {
            case "HELLO" -> HELLO_REPLY;
            case "SUBSCRIBE" -> confirmations(command);
            case "PING" -> "+PONG\r\n";
            case "SENTINEL" -> switch (command.get(1).toUpperCase(Locale.ROOT)) {
                case "GET-MASTER-ADDR-BY-NAME" -> array("127.0.0.1", Integer.toString(primary.get().port()));
                case "MASTER" -> "%2\r\n" + bulk("name") + bulk(ScriptedDeployment.NAME) + bulk("config-epoch")
                        + bulk(Long.toString(epoch.get()));
                default -> "*0\r\n"; // SENTINELS, REPLICAS: none
            };
            default -> "+OK\r\n"; // CLIENT SETINFO and the rest of a handshake
        };
    }

    /** One confirmation push per channel, as Sentinel sends them. */
    private static String confirmations(List<String> command) {
        StringBuilder pushes = new StringBuilder();
        for (int i = 1; i < command.size(); i++) {
            pushes.append(">3\r\n").append(bulk("subscribe")).append(bulk(command.get(i))).append(':').append(i).append("\r\n");
        }
        return pushes.toString();
    }

    private static String array(String... words) {
        StringBuilder array = new StringBuilder("*").append(words.length).append("\r\n");
        for (String word : words) {
            array.append(bulk(word));
        }
        return array.toString();
    }

    private static String bulk(String word) {
        return "$" + word.getBytes(StandardCharsets.UTF_8).length + "\r\n" + word + "\r\n";
    }

    /** Publishes {@code message} on {@code channel} (e.g. {@code +try-failover}, {@code master mymaster 127.0.0.1 7000}). */
    void publish(String channel, String message) throws IOException {
        server.sendToSubscribers(">3\r\n" + bulk("message") + bulk(channel) + bulk(message));
    }

    /** {@code 127.0.0.1 port}, as Sentinel's events write an address. */
    String address() {
        return "127.0.0.1 " + port();
    }

    /** {@code 127.0.0.1:port}, as the client's options and events name it. */
    String endpoint() {
        return "127.0.0.1:" + port();
    }

    int port() {
        return server.port();
    }

    /** Connections the client opened to this Sentinel. */
    int connectionsAccepted() {
        return server.connectionsAccepted();
    }

    @Override
    public void close() throws IOException {
        server.close();
    }
}
