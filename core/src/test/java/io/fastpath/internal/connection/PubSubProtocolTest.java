package io.fastpath.internal.connection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.PubSubMessage;
import io.fastpath.RedisClient;
import io.fastpath.RedisServerException;
import io.fastpath.Subscription;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * RESP3 answers SUBSCRIBE and its kin with push frames only, or with an error reply: the subscriber
 * connection must neither take those pushes for replies nor attribute an error to the wrong command.
 */
class PubSubProtocolTest {

    private static final String HELLO_REPLY = "%1\r\n+server\r\n+scripted\r\n";

    private static String push(String... words) {
        StringBuilder resp = new StringBuilder(">").append(words.length).append("\r\n");
        for (String word : words) {
            resp.append('$').append(word.length()).append("\r\n").append(word).append("\r\n");
        }
        return resp.toString();
    }

    private static final Function<List<String>, String> SCRIPT = command -> switch (command.get(0)) {
        case "HELLO" -> HELLO_REPLY;
        case "CLIENT", "SELECT" -> "+OK\r\n";
        case "PING" -> "+PONG\r\n";
        // One confirmation push per channel, as a real server sends; a refused channel gets an error reply instead.
        case "SUBSCRIBE", "SSUBSCRIBE" -> command.get(1).startsWith("refused")
                ? "-NOPERM this user has no permissions to access the '" + command.get(1) + "' channel\r\n"
                : confirmations(command);
        case "UNSUBSCRIBE" -> confirmations(command);
        case "GET" -> "$5\r\nvalue\r\n";
        default -> "-ERR unexpected " + command.get(0) + "\r\n";
    };

    private static String confirmations(List<String> command) {
        StringBuilder pushes = new StringBuilder();
        for (int i = 1; i < command.size(); i++) {
            pushes.append(">3\r\n$").append(command.get(0).length()).append("\r\n").append(command.get(0).toLowerCase())
                    .append("\r\n$").append(command.get(i).length()).append("\r\n").append(command.get(i)).append("\r\n:")
                    .append(i).append("\r\n");
        }
        return pushes.toString();
    }

    @Test
    void subscribeConfirmationPushesAreNotRepliesAndARefusalReachesItsOwnSubscribe() throws Exception {
        LinkedBlockingQueue<PubSubMessage> inbox = new LinkedBlockingQueue<>();
        try (ScriptedServer server = new ScriptedServer(SCRIPT);
             RedisClient redis = RedisClient.builder().host("127.0.0.1", server.port()).connectionsPerNode(1)
                     .commandTimeout(Duration.ofSeconds(5)).build()) {
            Subscription first = redis.subscribe(inbox::add, "a", "b");
            assertThatThrownBy(() -> redis.subscribe(inbox::add, "refused-1"))
                    .isInstanceOf(RedisServerException.class)
                    .satisfies(failure -> assertThat(((RedisServerException) failure).code()).isEqualTo("NOPERM"));
            Subscription third = redis.subscribe(inbox::add, "c");

            server.sendTo(1, push("message", "c", "hello")); // the subscriber connection, opened after the data one
            PubSubMessage message = inbox.poll(5, TimeUnit.SECONDS);
            assertThat(message).isNotNull();
            assertThat(message.channel()).isEqualTo("c");
            assertThat(message.message()).isEqualTo("hello");
            assertThat(redis.get("k")).isEqualTo("value");

            // Two HELLOs: the data connection and the subscriber connection, neither reconnected.
            assertThat(server.received().stream().filter(command -> command.get(0).equals("HELLO")).count()).isEqualTo(2);
            assertThat(server.received()).containsSubsequence(List.of("SUBSCRIBE", "a", "b"), List.of("PING"),
                    List.of("SUBSCRIBE", "refused-1"), List.of("PING"), List.of("SUBSCRIBE", "c"), List.of("PING"));
            first.close();
            third.close();
        }
    }
}
