package io.fastpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.command.Reply;
import io.fastpath.testkit.RedisServer;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A SIGSTOPped server keeps its TCP connections open and the kernel keeps acknowledging, so only the
 * client's response timeout and idle PING can tell it hung (fault catalogue case 5).
 */
class HungServerDetectionIT {
    RedisServer server;

    @BeforeEach
    void start() {
        server = RedisServer.start();
    }

    @AfterEach
    void stop() throws Exception {
        Teardown.closeAll(server);
    }

    @Test
    void aPausedServerFailsPendingCommandsThroughTheResponseTimeoutNotTheirLongDeadline() throws Exception {
        EventRecorder events = new EventRecorder();
        try (RedisClient redis = RedisClient.builder().uri(server.uri()).connectionsPerNode(1)
                .commandTimeout(Duration.ofSeconds(120)).responseTimeout(Duration.ofSeconds(1))
                .retryReads(false) // otherwise the GET would wait, within its deadline, to be sent again
                .eventListener(events).build()) {
            redis.set("k", "v");
            server.pause();
            CompletableFuture<String> get = redis.async().get("k");
            // Waiting less than the command timeout: only the response timeout can have failed it.
            assertThatThrownBy(() -> get.get(60, TimeUnit.SECONDS))
                    .isInstanceOf(ExecutionException.class)
                    .cause().isInstanceOf(RedisOutcomeUnknownException.class)
                    .hasMessageContaining("responseTimeout 1000 ms")
                    .hasMessageContaining("the server looks hung")
                    .hasMessageContaining("commands awaiting replies: 1");
            events.awaitFrom(0, e -> e instanceof RedisEvent.Disconnected d && d.reason().contains("responseTimeout"),
                    "Disconnected naming the response timeout");

            int before = events.events().size(); // taken before SIGCONT, which lets the pending reconnect finish at once
            server.resume();
            events.awaitFrom(before, e -> e instanceof RedisEvent.Connected, "Connected after SIGCONT");
            assertThat(redis.get("k")).isEqualTo("v");
        }
    }

    @Test
    void anIdleConnectionToAPausedServerIsClosedWhenItsPingGoesUnanswered() throws Exception {
        EventRecorder events = new EventRecorder();
        try (RedisClient redis = RedisClient.builder().uri(server.uri()).connectionsPerNode(1)
                .pingInterval(Duration.ofMillis(200)).responseTimeout(Duration.ofSeconds(1))
                .eventListener(events).build()) {
            int connected = events.awaitFrom(0, e -> e instanceof RedisEvent.Connected, "Connected");
            server.pause();
            // No user command is sent: the idle PING finds out.
            events.awaitFrom(connected + 1, e -> e instanceof RedisEvent.Disconnected d
                    && d.reason().contains("responseTimeout") && d.reason().contains("1 commands awaited one"),
                    "Disconnected after the unanswered PING");
            int resumed = events.events().size(); // taken before SIGCONT, which lets the pending reconnect finish at once
            server.resume();
            events.awaitFrom(resumed, e -> e instanceof RedisEvent.Connected, "Connected after SIGCONT");
            assertThat(redis.ping()).isEqualTo("PONG");
        }
    }

    @Test
    void aHealthyIdleConnectionIsPingedAndStaysOpen() throws Exception {
        EventRecorder events = new EventRecorder();
        try (RedisClient redis = RedisClient.builder().uri(server.uri()).connectionsPerNode(1)
                .pingInterval(Duration.ofMillis(100)).responseTimeout(Duration.ofSeconds(2))
                .eventListener(events).build()) {
            long pingsBefore = pingCalls();
            Eventually.await("five more PINGs", this::pingCalls, pings -> pings >= pingsBefore + 5, Duration.ofSeconds(20));
            assertThat(pingCalls()).isGreaterThanOrEqualTo(pingsBefore + 5);
            assertThat(events.events()).noneMatch(e -> e instanceof RedisEvent.Disconnected);
            assertThat(redis.get("k")).isNull();
        }
    }

    @Test
    void aBlockingCommandHeldLongerThanTheResponseTimeoutIsNotMistakenForAHungServer() throws Exception {
        EventRecorder events = new EventRecorder();
        try (RedisClient redis = RedisClient.builder().uri(server.uri()).connectionsPerNode(1)
                .commandTimeout(Duration.ofSeconds(20)).responseTimeout(Duration.ofMillis(500))
                .eventListener(events).build()) {
            CompletableFuture<Reply> pop = redis.async().send("BLPOP", "jobs", "10");
            Thread.sleep(2000); // Not synchronization: four response timeouts of silence, all of them the server's legitimate wait
            server.call("LPUSH", "jobs", "job-1");
            Reply.ArrayReply popped = (Reply.ArrayReply) pop.get(20, TimeUnit.SECONDS);
            assertThat(popped.elements()).extracting(element -> ((Reply.BulkStringReply) element).asUtf8())
                    .containsExactly("jobs", "job-1");
            assertThat(events.events()).noneMatch(e -> e instanceof RedisEvent.Disconnected);
        }
    }

    /** PINGs the server has run, from its command statistics (the test's own admin connections send none). */
    private long pingCalls() {
        String stats = (String) server.call("INFO", "commandstats");
        return stats.lines().filter(line -> line.startsWith("cmdstat_ping:")).findFirst()
                .map(line -> Long.parseLong(line.substring(line.indexOf("calls=") + 6, line.indexOf(',', line.indexOf("calls=")))))
                .orElse(0L);
    }
}
