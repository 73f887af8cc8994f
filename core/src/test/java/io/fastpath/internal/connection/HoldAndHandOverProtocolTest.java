package io.fastpath.internal.connection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.Eventually;
import io.fastpath.RedisClient;
import io.fastpath.RedisNotSentException;
import io.fastpath.TestConnectionSettings;
import io.fastpath.command.Reply;
import io.fastpath.internal.client.ClientResources;
import io.fastpath.internal.command.CommandSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The connection side of a Sentinel failover, against scripted servers: held commands are not written
 * until released, a hand-over moves every unwritten command to the next server ahead of those sent after
 * it, in each caller's order, and the old server never receives another command.
 */
class HoldAndHandOverProtocolTest {
    private final ClientResources resources = new ClientResources(2, null, true);
    private final ConnectionSettings settings =
            TestConnectionSettings.of(RedisClient.builder().connectTimeout(Duration.ofSeconds(2)), resources);

    @AfterEach
    void close() {
        resources.close();
    }

    /** Answers the handshake, and ECHO with its argument; records the ECHOed words in order. */
    private static Function<List<String>, String> echoing() {
        return command -> switch (command.get(0)) {
            case "HELLO" -> "%1\r\n+server\r\n+scripted\r\n";
            case "ECHO" -> "$" + command.get(1).length() + "\r\n" + command.get(1) + "\r\n";
            default -> "+OK\r\n";
        };
    }

    private Connection connect(ScriptedServer server) throws Exception {
        Connection connection = new Connection(new Endpoint("127.0.0.1", server.port()), settings,
                resources.nextEventLoop(), resources.channelType());
        connection.start().get(5, TimeUnit.SECONDS);
        return connection;
    }

    private static CommandFuture<Reply> echo(String word, long timeoutMillis) {
        return new CommandFuture<>(CommandSpec.words("ECHO", word), true, System.nanoTime() + timeoutMillis * 1_000_000);
    }

    private static List<String> echoed(ScriptedServer server) {
        List<String> words = new ArrayList<>();
        for (List<String> command : server.received()) {
            if (command.get(0).equals("ECHO")) {
                words.add(command.get(1));
            }
        }
        return words;
    }

    @Test
    void heldCommandsAreNotWrittenUntilResumedAndThenGoOutInOrder() throws Exception {
        try (ScriptedServer server = new ScriptedServer(echoing())) {
            Connection connection = connect(server);
            connection.send(echo("before", 5_000));
            Eventually.awaitTrue("the first ECHO is written", () -> echoed(server).size() == 1, Duration.ofSeconds(5));
            connection.hold();
            List<CommandFuture<Reply>> held = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                held.add(echo("held-" + i, 5_000));
                connection.send(held.get(i));
            }
            // A task queued on the connection's event loop behind the drain the sends scheduled: once it ran, so did that drain.
            connection.eventLoop().submit(() -> { }).get(5, TimeUnit.SECONDS);
            assertThat(echoed(server)).containsExactly("before");
            assertThat(held).noneMatch(CommandFuture::isDone);
            connection.resume();
            for (CommandFuture<Reply> command : held) {
                command.get(5, TimeUnit.SECONDS);
            }
            assertThat(echoed(server)).containsExactly("before", "held-0", "held-1", "held-2", "held-3", "held-4");
            connection.close(0).get(5, TimeUnit.SECONDS);
        }
    }

    @Test
    void aHeldCommandThatOutlivesItsDeadlineFailsNotSent() throws Exception {
        try (ScriptedServer server = new ScriptedServer(echoing())) {
            Connection connection = connect(server);
            connection.hold();
            CommandFuture<Reply> expiring = echo("too-late", 200);
            connection.send(expiring);
            assertThatThrownBy(() -> expiring.get(5, TimeUnit.SECONDS))
                    .isInstanceOf(ExecutionException.class)
                    .hasCauseInstanceOf(RedisNotSentException.class)
                    .hasMessageContaining("held while a Sentinel failover");
            assertThat(echoed(server)).isEmpty();
            connection.close(0).get(5, TimeUnit.SECONDS);
        }
    }

    @Test
    void aHandOverMovesUnwrittenCommandsAheadOfLaterOnesAndTheOldServerGetsNoMore() throws Exception {
        for (int round = 0; round < 20; round++) { // the drains, the move and the later sends race differently each time
            try (ScriptedServer oldServer = new ScriptedServer(echoing());
                 ScriptedServer newServer = new ScriptedServer(echoing())) {
                Connection old = connect(oldServer);
                Connection next = new Connection(new Endpoint("127.0.0.1", newServer.port()), settings,
                        resources.nextEventLoop(), resources.channelType());
                next.hold(); // as the Sentinel path opens it: held until the hand-over is done
                next.start();
                old.hold(); // the failover was announced
                List<CommandFuture<Reply>> all = new ArrayList<>();
                for (int i = 0; i < 100; i++) {
                    CommandFuture<Reply> command = echo("first-" + i, 5_000);
                    all.add(command);
                    old.send(command);
                }
                var moved = old.handOver(next, 0);
                for (int i = 0; i < 100; i++) { // sent to the old connection after the switch: they go straight to the new one
                    CommandFuture<Reply> command = echo("second-" + i, 5_000);
                    all.add(command);
                    old.send(command);
                }
                moved.get(5, TimeUnit.SECONDS);
                next.resume();
                for (CommandFuture<Reply> command : all) {
                    command.get(5, TimeUnit.SECONDS);
                }
                List<String> expected = new ArrayList<>();
                for (int i = 0; i < 100; i++) {
                    expected.add("first-" + i);
                }
                for (int i = 0; i < 100; i++) {
                    expected.add("second-" + i);
                }
                assertThat(echoed(newServer)).as("round %d", round).containsExactlyElementsOf(expected);
                assertThat(echoed(oldServer)).isEmpty();
                next.close(0).get(5, TimeUnit.SECONDS);
            }
        }
    }

    @Test
    void aWriteCarriesItsPostambleOnTheSameConnectionRightBehindIt() throws Exception {
        try (ScriptedServer server = new ScriptedServer(command -> command.get(0).equals("WAIT") ? ":1\r\n" : echoing().apply(command))) {
            Connection connection = connect(server);
            List<Reply> postambleReplies = new java.util.concurrent.CopyOnWriteArrayList<>();
            CommandFuture<Reply> write = new CommandFuture<>(CommandSpec.words("SET", "k", "v"), true,
                    System.nanoTime() + 5_000_000_000L).postamble(CommandSpec.words("WAIT", "1", "100"),
                    (reply, failure) -> postambleReplies.add(reply));
            connection.send(write);
            write.get(5, TimeUnit.SECONDS);
            Eventually.awaitTrue("WAIT's reply is seen", () -> postambleReplies.size() == 1, Duration.ofSeconds(5));
            assertThat(postambleReplies.get(0)).isEqualTo(new Reply.IntegerReply(1));
            List<String> names = server.received().stream().map(command -> command.get(0)).toList();
            assertThat(names.subList(names.indexOf("SET"), names.size())).containsExactly("SET", "WAIT");
            connection.close(0).get(5, TimeUnit.SECONDS);
        }
    }
}
