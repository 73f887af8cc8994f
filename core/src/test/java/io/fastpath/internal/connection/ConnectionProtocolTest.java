package io.fastpath.internal.connection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.Eventually;
import io.fastpath.RedisClient;
import io.fastpath.RedisConnectionException;
import io.fastpath.RedisOutcomeUnknownException;
import io.fastpath.command.Reply;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** Protocol behaviour against a scripted fake server: replies a real server would never send. */
class ConnectionProtocolTest {

    private static final String HELLO_REPLY = "%1\r\n+server\r\n+scripted\r\n";

    private static Function<List<String>, String> handshakeThen(Function<List<String>, String> rest) {
        return command -> switch (command.get(0)) {
            case "HELLO" -> HELLO_REPLY;
            case "CLIENT", "SELECT", "AUTH" -> "+OK\r\n";
            default -> rest.apply(command);
        };
    }

    private static RedisClient connect(ScriptedServer server) {
        return RedisClient.builder().host("127.0.0.1", server.port()).connectionsPerNode(1)
                .commandTimeout(Duration.ofSeconds(5)).build();
    }

    @Test
    void serverWithoutHelloIsSpokenToInResp2WithAuth() throws Exception {
        Function<List<String>, String> script = command -> switch (command.get(0)) {
            case "HELLO" -> "-ERR unknown command 'HELLO'\r\n";
            case "AUTH", "CLIENT" -> "+OK\r\n";
            case "GET" -> "$5\r\nvalue\r\n";
            default -> "-ERR unexpected\r\n";
        };
        try (ScriptedServer server = new ScriptedServer(script);
             RedisClient redis = RedisClient.builder().host("127.0.0.1", server.port()).connectionsPerNode(1)
                     .credentials(null, "s3cret").build()) {
            assertThat(redis.get("k")).isEqualTo("value");
            assertThat(server.received()).anySatisfy(command -> assertThat(command).containsExactly("AUTH", "s3cret"));
            List<String> first = server.received().get(0);
            assertThat(first).startsWith("HELLO", "3");
        }
    }

    @Test
    void replyWithNothingPendingClosesTheConnection() throws Exception {
        try (ScriptedServer server = new ScriptedServer(handshakeThen(command -> null));
             RedisClient redis = connect(server)) {
            CompletableFuture<String> pending = redis.async().get("never-answered");
            Eventually.awaitTrue("the GET reaches the server, so it is pending",
                    () -> server.received().stream().anyMatch(command -> command.get(0).equals("GET")), Duration.ofSeconds(5));
            server.sendToAll("+OK\r\n+OK\r\n"); // the first answers GET with the wrong type; both are bogus
            assertThatThrownBy(() -> pending.get(5, TimeUnit.SECONDS)).hasCauseInstanceOf(RedisConnectionException.class);
        }
    }

    @Test
    void unsolicitedReplyOnAnIdleConnectionClosesIt() throws Exception {
        try (ScriptedServer server = new ScriptedServer(handshakeThen(command -> command.get(0).equals("GET") ? "$1\r\nv\r\n" : null));
             RedisClient redis = connect(server)) {
            assertThat(redis.get("k")).isEqualTo("v");
            server.sendToAll(":1\r\n");
            // The connection was closed and reopened in the background; the next command still gets its own reply.
            awaitReconnects(server, 2);
            assertThat(redis.get("k")).isEqualTo("v");
        }
    }

    @Test
    void replyOfTheWrongShapeFailsTheCommandAndClosesTheConnection() throws Exception {
        // GET's (wrong) reply is sent only once SET has arrived, so both are pending when it is read; otherwise
        // SET may still be queued when the connection closes and, never written, rightly go out after the reconnect.
        try (ScriptedServer server = new ScriptedServer(handshakeThen(command -> switch (command.get(0)) {
            case "GET" -> null;
            case "SET" -> ":42\r\n+OK\r\n";
            default -> "+OK\r\n";
        }));
             RedisClient redis = connect(server)) {
            CompletableFuture<String> get = redis.async().get("k");
            CompletableFuture<Boolean> set = redis.async().set("k", "v");
            assertThatThrownBy(get::join).isInstanceOf(CompletionException.class)
                    .hasCauseInstanceOf(RedisOutcomeUnknownException.class)
                    .hasRootCauseMessage("127.0.0.1:" + server.port() + ": expected a bulk string or null but the server sent IntegerReply");
            // The SET behind it must not be matched to a reply of a desynchronised stream.
            assertThatThrownBy(set::join).hasCauseInstanceOf(RedisOutcomeUnknownException.class);
        }
    }

    @Test
    void pushFramesBetweenRepliesNeverShiftTheReplies() throws Exception {
        Function<List<String>, String> script = handshakeThen(command -> switch (command.get(0)) {
            case "GET" -> ">2\r\n$10\r\ninvalidate\r\n*1\r\n$1\r\nk\r\n$1\r\n" + command.get(1) + "\r\n";
            default -> "+OK\r\n";
        });
        try (ScriptedServer server = new ScriptedServer(script); RedisClient redis = connect(server)) {
            for (int i = 0; i < 50; i++) {
                assertThat(redis.get(Integer.toString(i % 10))).isEqualTo(Integer.toString(i % 10));
            }
        }
    }

    @Test
    void attributesBeforeAReplyAreSkipped() throws Exception {
        Function<List<String>, String> script = handshakeThen(command -> "|1\r\n+key-popularity\r\n%1\r\n$1\r\na\r\n,0.19\r\n$1\r\nv\r\n");
        try (ScriptedServer server = new ScriptedServer(script); RedisClient redis = connect(server)) {
            assertThat(redis.get("a")).isEqualTo("v");
            assertThat(redis.get("b")).isEqualTo("v");
        }
    }

    @Test
    void everyResp3TypeReachesTheGenericApi() throws Exception {
        Function<List<String>, String> script = handshakeThen(command -> switch (command.get(1)) {
            case "bool" -> "#t\r\n";
            case "double" -> ",3.5\r\n";
            case "big" -> "(12345678901234567890123\r\n";
            case "verbatim" -> "=7\r\ntxt:abc\r\n";
            case "set" -> "~2\r\n:1\r\n:2\r\n";
            case "null" -> "_\r\n";
            case "bulkerror" -> "!9\r\nERR oops!\r\n";
            default -> "-ERR unknown\r\n";
        });
        try (ScriptedServer server = new ScriptedServer(script); RedisClient redis = connect(server)) {
            assertThat(redis.send("X", "bool")).isEqualTo(Reply.BooleanReply.TRUE);
            assertThat(redis.send("X", "double")).isEqualTo(new Reply.DoubleReply(3.5));
            assertThat(redis.send("X", "big")).isEqualTo(new Reply.BigNumberReply(new java.math.BigInteger("12345678901234567890123")));
            assertThat(redis.send("X", "verbatim")).isEqualTo(new Reply.VerbatimStringReply("txt", "abc"));
            assertThat(redis.send("X", "set")).isEqualTo(new Reply.SetReply(List.of(new Reply.IntegerReply(1), new Reply.IntegerReply(2))));
            assertThat(redis.send("X", "null")).isEqualTo(Reply.NullReply.INSTANCE);
            assertThatThrownBy(() -> redis.send("X", "bulkerror")).hasMessage("ERR oops!");
        }
    }

    private static void awaitReconnects(ScriptedServer server, int hellos) throws InterruptedException {
        Eventually.await("the client reconnects: " + hellos + " HELLOs received", server::received,
                received -> received.stream().filter(c -> c.get(0).equals("HELLO")).count() >= hellos, Duration.ofSeconds(5));
    }
}
