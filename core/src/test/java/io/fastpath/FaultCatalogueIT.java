package io.fastpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.command.Reply;
import io.fastpath.testkit.FaultProxy;
import io.fastpath.testkit.RedisServer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Cases of the reliability catalogue (/work/shared/research/reliability.md section 2) not covered by
 * FaultsIT and ConnectionBehaviourIT, each under the universal oracle of {@link TaggedWorkload} where
 * load matters: no wrong reply, every future completed once, only delivery exceptions, no leaked
 * connection. Netty's PARANOID leak detection runs for every core test (see the leaks package).
 */
class FaultCatalogueIT {
    private static final String NAME = "catalogue";
    RedisServer server;

    @BeforeEach
    void start() {
        server = RedisServer.start();
    }

    @AfterEach
    void stop() throws Exception {
        Teardown.closeAll(server);
    }

    /** Case 1: kill -9 with many pipelined commands in flight, then a restart. */
    @Test
    void killNineWithCommandsInFlightFailsThemAsDeliveryErrorsAndTheClientRecoversAfterTheRestart() throws Exception {
        try (RedisClient redis = RedisClient.builder().uri(server.uri()).clientName(NAME).build();
             TaggedWorkload load = TaggedWorkload.start(redis, "kill", 8, 16)) {
            load.awaitMoreSuccesses(500, Duration.ofSeconds(20));
            server.kill9();
            Eventually.awaitTrue("the kill catches commands", () -> load.outcomeUnknown.get() + load.notSent.get() > 0,
                    Duration.ofSeconds(20));
            server.restart();
            load.awaitMoreSuccesses(500, Duration.ofSeconds(20));
            load.stop(Duration.ofSeconds(10));
            load.assertOracle();
            assertThat(load.outcomeUnknown.get() + load.notSent.get()).as("commands caught by the kill; %s", load).isPositive();
            // Every connection the client opened by default (more under caller-driven I/O: -Dfastpath.callerDrivenIo)
            awaitConnectionsNamed(NAME, ClientCoreAccess.of(redis).node().size());
        }
    }

    /** Case 3: the connections are dropped twenty times, some of them in the middle of a handshake. */
    @Test
    void connectionsDroppedTwentyTimesDuringHandshakesLeaveExactlyOneChannelPerConnection() throws Exception {
        int connections = 4;
        try (FaultProxy proxy = FaultProxy.inFrontOf(server);
             RedisClient redis = RedisClient.builder().uri(proxy.uri()).clientName(NAME).connectionsPerNode(connections)
                     .reconnectBackoff(Duration.ofMillis(1), Duration.ofMillis(20)).build();
             TaggedWorkload load = TaggedWorkload.start(redis, "flap", 4, 8)) {
            load.awaitMoreSuccesses(200, Duration.ofSeconds(20));
            proxy.delay(Duration.ofMillis(3)); // handshakes take several round trips of 3 ms: drops land inside them
            for (int drop = 0; drop < 20; drop++) {
                proxy.dropAll();
                Thread.sleep(ThreadLocalRandom.current().nextInt(2, 30)); // Not synchronization: random pacing of the drops
            }
            proxy.reset();
            load.awaitMoreSuccesses(500, Duration.ofSeconds(20));
            load.stop(Duration.ofSeconds(10));
            load.assertOracle();
            // One reconnect per dropped channel at most: no duplicate handshakes, no reconnect storm.
            assertThat(proxy.connectionsAccepted()).isLessThanOrEqualTo(connections * 21);
            assertThat(proxy.openConnections()).isEqualTo(connections);
            awaitConnectionsNamed(NAME, connections);
        }
    }

    /** Case 7: CLIENT PAUSE ALL stalls every caller; afterwards the same connections carry on, no reconnect. */
    @Test
    void clientPauseAllStallsCallersUntilItEndsAndTheSameConnectionsCarryOn() throws Exception {
        try (RedisClient redis = RedisClient.builder().uri(server.uri()).clientName(NAME).build();
             TaggedWorkload load = TaggedWorkload.start(redis, "pause", 8, 8)) {
            load.awaitMoreSuccesses(300, Duration.ofSeconds(20));
            Set<String> before = connectionIdsNamed(NAME);
            server.call("CLIENT", "PAUSE", "1000", "ALL");
            // 300 more successes can only come after the pause: at most 8 x 8 commands were in flight when it began.
            load.awaitMoreSuccesses(300, Duration.ofSeconds(20));
            load.stop(Duration.ofSeconds(10));
            load.assertOracle();
            assertThat(load.timedOut.get() + load.outcomeUnknown.get() + load.notSent.get())
                    .as("a pause shorter than the timeout fails nothing; %s", load).isZero();
            assertThat(connectionIdsNamed(NAME)).isEqualTo(before);
        }
    }

    /** Case 8: commands cancelled after they were written and before their reply, thousands of times. */
    @Test
    void commandsCancelledAtRandomPointsNeverShiftAReplyToTheNextCommand() throws Exception {
        try (FaultProxy proxy = FaultProxy.inFrontOf(server);
             RedisClient redis = RedisClient.builder().uri(proxy.uri()).connectionsPerNode(2).build()) {
            ExecutorService threads = Executors.newFixedThreadPool(4);
            List<Future<Integer>> cancelled = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                redis.set("cancel:a" + t, "A" + t);
            }
            proxy.delay(Duration.ofMillis(1));
            for (int t = 0; t < 4; t++) {
                int thread = t;
                cancelled.add(threads.submit(() -> cancelAndCheck(redis, thread, 500)));
            }
            int total = 0;
            for (Future<Integer> result : cancelled) {
                total += result.get(120, TimeUnit.SECONDS);
            }
            threads.shutdown();
            assertThat(total).as("cancellations that won the race against the reply").isPositive();
        }
    }

    private static int cancelAndCheck(RedisClient redis, int thread, int iterations) {
        int cancelled = 0;
        for (int i = 0; i < iterations; i++) {
            CompletableFuture<String> victim = redis.async().get("cancel:a" + thread);
            // Not synchronization: a random point between the write and the reply at which to cancel
            LockSupport.parkNanos(ThreadLocalRandom.current().nextLong(0, 3_000_000));
            if (victim.cancel(false)) {
                cancelled++;
            } else {
                assertThat(victim.join()).isEqualTo("A" + thread);
            }
            String nonce = "n" + thread + ":" + i;
            assertThat(redis.echo(nonce)).isEqualTo(nonce);
        }
        return cancelled;
    }

    /**
     * Case 21 over the wire: resource bombs arrive while a command waits for its reply. Each closes the
     * connection before anything is allocated, names the limit, and the next command gets its own reply.
     */
    @Test
    void resourceBombsFromTheServerCloseTheConnectionAndLaterCommandsGetTheirOwnReplies() throws Exception {
        String deepNesting = "*1\r\n".repeat(50_000);
        List<String> bombs = List.of("$2147483648\r\n", "$9999999999\r\n", "$-5\r\n", "*4294967295\r\n",
                "%4611686018427387904\r\n", deepNesting);
        try (FaultProxy proxy = FaultProxy.inFrontOf(server);
             RedisClient redis = RedisClient.builder().uri(proxy.uri()).connectionsPerNode(1).build()) {
            redis.set("k", "v");
            int accepted = proxy.connectionsAccepted();
            for (String bomb : bombs) {
                long sentBefore = proxy.bytesToServer();
                CompletableFuture<Reply> waiting = redis.async().send("DEBUG", "SLEEP", "0.3");
                // Written once the proxy has taken it on to the server, which then sleeps: the bomb comes first.
                Eventually.awaitTrue("DEBUG SLEEP reaches the server",
                        () -> proxy.bytesToServer() >= sentBefore + RespBytes.of("DEBUG", "SLEEP", "0.3"), Duration.ofSeconds(5));
                proxy.injectToClient(bomb.getBytes(StandardCharsets.US_ASCII));
                assertThatThrownBy(() -> waiting.get(5, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class)
                        .cause().isInstanceOf(RedisOutcomeUnknownException.class)
                        .hasCauseInstanceOf(RedisProtocolException.class);
                assertThat(redis.get("k")).isEqualTo("v");
                assertThat(proxy.connectionsAccepted()).as("a new connection after %s", bomb.substring(0, Math.min(12, bomb.length())).strip())
                        .isGreaterThan(accepted);
                accepted = proxy.connectionsAccepted();
            }
        }
    }

    private Set<String> connectionIdsNamed(String name) {
        Set<String> ids = new TreeSet<>();
        for (String line : ((String) server.call("CLIENT", "LIST", "TYPE", "normal")).split("\n")) {
            if (line.contains(" name=" + name + " ")) {
                ids.add(line.substring(3, line.indexOf(' ')));
            }
        }
        return ids;
    }

    /** The server sees exactly {@code expected} connections of the client, once closed ones are gone. */
    private void awaitConnectionsNamed(String name, int expected) throws InterruptedException {
        Set<String> ids = Eventually.await("the server sees " + expected + " connections named " + name,
                () -> connectionIdsNamed(name), named -> named.size() == expected, Duration.ofSeconds(10));
        assertThat(ids).as("the client's connections on the server").hasSize(expected);
    }
}
