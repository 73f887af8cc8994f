package io.fastpath.internal.connection;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.Eventually;
import io.fastpath.RedisClient;
import io.fastpath.RedisServerException;
import io.fastpath.command.Reply;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;

/** Redirects and retries seen on the wire, against a scripted one-node "cluster" that owns every slot. */
class ClusterRedirectProtocolTest {

    static Function<List<String>, String> clusterNode(int[] port, Function<List<String>, String> rest) {
        return command -> switch (command.get(0)) {
            case "HELLO" -> "%1\r\n$4\r\nmode\r\n$7\r\ncluster\r\n";
            case "CLIENT", "SELECT", "READONLY" -> "+OK\r\n";
            case "CLUSTER" -> "*1\r\n%2\r\n$5\r\nslots\r\n*2\r\n:0\r\n:16383\r\n$5\r\nnodes\r\n*1\r\n"
                    + "%4\r\n$2\r\nip\r\n$9\r\n127.0.0.1\r\n$4\r\nport\r\n:" + port[0] + "\r\n"
                    + "$4\r\nrole\r\n$6\r\nmaster\r\n$6\r\nhealth\r\n$6\r\nonline\r\n";
            default -> rest.apply(command);
        };
    }

    private static RedisClient connect(ScriptedServer server) {
        return RedisClient.builder().host("127.0.0.1", server.port()).connectionsPerNode(1)
                .commandTimeout(Duration.ofSeconds(5)).build();
    }

    private static List<String> userCommands(ScriptedServer server) {
        return server.received().stream().map(command -> command.get(0))
                .filter(name -> !List.of("HELLO", "CLIENT", "SELECT", "CLUSTER", "READONLY").contains(name)).toList();
    }

    @Test
    void askSendsAskingAndTheCommandBackToBackAndTheCallerGetsOnlyItsOwnReply() throws Exception {
        int[] port = new int[1];
        AtomicInteger gets = new AtomicInteger();
        try (ScriptedServer server = new ScriptedServer(clusterNode(port, command -> switch (command.get(0)) {
            case "ASKING" -> "+OK\r\n";
            case "GET" -> gets.incrementAndGet() == 1 ? "-ASK 866 127.0.0.1:" + port[0] + "\r\n" : "$5\r\nvalue\r\n";
            default -> "-ERR unexpected\r\n";
        }))) {
            port[0] = server.port();
            try (RedisClient redis = connect(server)) {
                assertThat(redis.get("key")).isEqualTo("value");
                assertThat(redis.get("key")).isEqualTo("value"); // ASK does not change the table: no ASKING this time
            }
            assertThat(userCommands(server)).containsExactly("GET", "ASKING", "GET", "GET");
        }
    }

    @Test
    void movedSendsTheSameCommandAgainToTheNamedNode() throws Exception {
        int[] port = new int[1];
        AtomicInteger sets = new AtomicInteger();
        try (ScriptedServer server = new ScriptedServer(clusterNode(port, command -> switch (command.get(0)) {
            case "SET" -> sets.incrementAndGet() == 1 ? "-MOVED 866 127.0.0.1:" + port[0] + "\r\n" : "+OK\r\n";
            default -> "-ERR unexpected\r\n";
        }))) {
            port[0] = server.port();
            try (RedisClient redis = connect(server)) {
                redis.set("key", "value");
                assertThat(redis.async().set("key", "again").get()).isTrue();
            }
            assertThat(userCommands(server)).containsExactly("SET", "SET", "SET");
        }
    }

    @Test
    void movedToAnUnknownEndpointGoesToTheHostOfTheNodeThatSentIt() throws Exception {
        int[] port = new int[1];
        AtomicInteger sets = new AtomicInteger();
        try (ScriptedServer server = new ScriptedServer(clusterNode(port, command -> switch (command.get(0)) {
            // "?" is what a node with cluster-preferred-endpoint-type unknown-endpoint names as the owner's host.
            case "SET" -> sets.incrementAndGet() == 1 ? "-MOVED 866 ?:" + port[0] + "\r\n" : "+OK\r\n";
            default -> "-ERR unexpected\r\n";
        }))) {
            port[0] = server.port();
            try (RedisClient redis = connect(server)) {
                redis.set("key", "value");
            }
            assertThat(userCommands(server)).containsExactly("SET", "SET");
        }
    }

    @Test
    void tryAgainAndClusterDownAreRetriedWithinTheDeadline() throws Exception {
        int[] port = new int[1];
        AtomicInteger gets = new AtomicInteger();
        try (ScriptedServer server = new ScriptedServer(clusterNode(port, command -> switch (command.get(0)) {
            case "GET" -> switch (gets.incrementAndGet()) {
                case 1 -> "-TRYAGAIN Multiple keys request during rehashing of slot\r\n";
                case 2 -> "-CLUSTERDOWN The cluster is down\r\n";
                case 3 -> "-LOADING Redis is loading the dataset in memory\r\n";
                default -> "$2\r\nok\r\n";
            };
            default -> "-ERR unexpected\r\n";
        }))) {
            port[0] = server.port();
            try (RedisClient redis = connect(server)) {
                assertThat(redis.get("key")).isEqualTo("ok");
            }
            assertThat(gets.get()).isEqualTo(4);
        }
    }

    @Test
    void anErrorThatIsNotARedirectReachesTheCallerUnchanged() throws Exception {
        int[] port = new int[1];
        try (ScriptedServer server = new ScriptedServer(clusterNode(port, command -> switch (command.get(0)) {
            case "GET" -> "-WRONGTYPE Operation against a key holding the wrong kind of value\r\n";
            default -> "-ERR unexpected\r\n";
        }))) {
            port[0] = server.port();
            try (RedisClient redis = connect(server)) {
                Assertions.assertThatThrownBy(() -> redis.get("key"))
                        .isInstanceOf(RedisServerException.class).hasMessageStartingWith("WRONGTYPE");
            }
            assertThat(userCommands(server)).containsExactly("GET");
        }
    }

    @Test
    void aCommandTheClientDoesNotKnowIsRoutedByCommandGetkeysAskedOncePerName() throws Exception {
        int[] port = new int[1];
        try (ScriptedServer server = new ScriptedServer(clusterNode(port, command -> switch (command.get(0)) {
            case "COMMAND" -> "*1\r\n$" + command.get(3).length() + "\r\n" + command.get(3) + "\r\n";
            case "MYMODULE.GET" -> "$5\r\nfound\r\n";
            default -> "-ERR unexpected\r\n";
        }))) {
            port[0] = server.port();
            try (RedisClient redis = connect(server)) {
                Reply found = new Reply.BulkStringReply("found".getBytes(java.nio.charset.StandardCharsets.UTF_8));
                assertThat(redis.execute(redis.commands().command("MYMODULE.GET", "first"))).isEqualTo(found);
                assertThat(redis.execute(redis.commands().command("MYMODULE.GET", "second"))).isEqualTo(found);
            }
            assertThat(userCommands(server)).containsExactly("COMMAND", "MYMODULE.GET", "MYMODULE.GET");
            assertThat(server.received()).anySatisfy(command -> assertThat(command).containsExactly("COMMAND", "GETKEYS", "MYMODULE.GET", "first"));
        }
    }

    @Test
    void aCommandWhoseConnectionIsLostIsNeverSentAgain() throws Exception {
        int[] port = new int[1];
        try (ScriptedServer server = new ScriptedServer(clusterNode(port, command -> switch (command.get(0)) {
            case "INCR" -> null; // never answered: the connection is dropped while it waits
            case "ECHO" -> "$5\r\nafter\r\n";
            default -> "-ERR unexpected\r\n";
        }))) {
            port[0] = server.port();
            try (RedisClient redis = connect(server)) {
                java.util.concurrent.CompletableFuture<Long> increment = redis.async().incr("counter");
                Eventually.awaitTrue("the INCR reaches the server", () -> userCommands(server).contains("INCR"), Duration.ofSeconds(5));
                server.dropConnections();
                Assertions.assertThatThrownBy(() -> increment.get(5, java.util.concurrent.TimeUnit.SECONDS))
                        .hasCauseInstanceOf(io.fastpath.RedisOutcomeUnknownException.class);
                // Answered only after the reconnect, behind anything replayed on the node's one connection.
                assertThat(redis.echo("after")).isEqualTo("after");
            }
            assertThat(userCommands(server)).containsExactly("INCR", "ECHO");
        }
    }
}
