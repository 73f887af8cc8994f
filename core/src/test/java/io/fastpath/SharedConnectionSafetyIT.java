package io.fastpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.testkit.RedisServer;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 13, item 1: every command that would change the state or the reply framing of the connection it
 * runs on is refused before anything is sent, while eight tagged callers share the client's only connection,
 * and none of them ever gets another caller's reply.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SharedConnectionSafetyIT {
    private RedisServer server;
    private RedisClient redis;

    @BeforeAll
    void start() {
        server = RedisServer.start();
        redis = RedisClient.builder().uri(server.uri()).connectionsPerNode(1).commandTimeout(Duration.ofSeconds(5)).build();
    }

    @AfterAll
    void stop() throws Exception {
        Teardown.closeAll(redis, server);
    }

    static List<List<Object>> connectionChangingCommands() {
        return List.of(
                List.of("SELECT", 1), List.of("select", "0"), List.of("AUTH", "someone", "secret"), List.of("HELLO"),
                List.of("HELLO", 2), List.of("HELLO", 3), List.of("RESET"), List.of("QUIT"),
                List.of("CLIENT", "REPLY", "SKIP"), List.of("CLIENT", "REPLY", "OFF"), List.of("client", "reply", "on"),
                List.of("CLIENT", "TRACKING", "ON"), List.of("CLIENT", "CACHING", "YES"), List.of("CLIENT", "SETNAME", "mine"),
                List.of("CLIENT", "SETINFO", "LIB-NAME", "mine"), List.of("CLIENT", "NO-EVICT", "ON"),
                List.of("CLIENT", "NO-TOUCH", "ON"), List.of("READONLY"), List.of("READWRITE"), List.of("ASKING"),
                List.of("MONITOR"), List.of("SYNC"), List.of("PSYNC", "?", -1), List.of("REPLCONF", "listening-port", 1),
                List.of("SCRIPT", "DEBUG", "YES"), List.of("SUBSCRIBE", "chan"), List.of("SUBSCRIBE", "chan", "chan"),
                List.of("PSUBSCRIBE", "p*"), List.of("SSUBSCRIBE", "shard"), List.of("SSUBSCRIBE", "shard", "shard"),
                List.of("UNSUBSCRIBE"), List.of("UNSUBSCRIBE", "chan"), List.of("PUNSUBSCRIBE"), List.of("PUNSUBSCRIBE", "p*"),
                List.of("SUNSUBSCRIBE"), List.of("SUNSUBSCRIBE", "shard"), List.of("MULTI"), List.of("EXEC"),
                List.of("DISCARD"), List.of("WATCH", "k"), List.of("UNWATCH"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("connectionChangingCommands")
    void isRefusedBeforeSendingWhileTaggedCallersKeepTheirOwnReplies(List<Object> words) throws Exception {
        String statistic = "cmdstat_" + statName(words);
        String before = commandStatistics(statistic);
        try (TaggedWorkload tagged = TaggedWorkload.start(redis, "tagged", 8, 16)) {
            tagged.awaitMoreSuccesses(200, Duration.ofSeconds(10));
            Object[] command = words.toArray();
            assertThatThrownBy(() -> redis.send(command)).isInstanceOf(RedisArgumentException.class)
                    .hasMessageContaining("shared connection");
            assertThatThrownBy(() -> redis.async().send(command)).isInstanceOf(RedisArgumentException.class);
            assertThatThrownBy(() -> redis.multi().queue(redis.commands().command(command)))
                    .isInstanceOf(RedisArgumentException.class);
            tagged.awaitMoreSuccesses(200, Duration.ofSeconds(10));
            tagged.stop(Duration.ofSeconds(10));
            tagged.assertOracle();
            assertThat(tagged.notSent.get() + tagged.outcomeUnknown.get() + tagged.timedOut.get())
                    .as("the shared connection never broke: %s", tagged).isZero();
        }
        assertThat(commandStatistics(statistic)).as("the server never saw %s", words).isEqualTo(before);
    }

    @org.junit.jupiter.api.Test
    void anErrorEchoingTheCallersNewlineReachesThatCallerAndLeavesTheConnectionToTheOthers() throws Exception {
        // Valkey 8.0 puts the argument into the error line with its LF (Redis 7.0 turns it into a space).
        try (TaggedWorkload tagged = TaggedWorkload.start(redis, "tagged", 8, 16)) {
            tagged.awaitMoreSuccesses(200, Duration.ofSeconds(10));
            assertThatThrownBy(() -> redis.send("FUNCTION", "LIST", "first line\nsecond line"))
                    .isInstanceOfSatisfying(RedisServerException.class, error -> assertThat(error.code()).isEqualTo("ERR"))
                    .hasMessageContaining("second line");
            tagged.awaitMoreSuccesses(200, Duration.ofSeconds(10));
            tagged.stop(Duration.ofSeconds(10));
            tagged.assertOracle();
            assertThat(tagged.notSent.get() + tagged.outcomeUnknown.get() + tagged.timedOut.get())
                    .as("the shared connection never broke: %s", tagged).isZero();
        }
    }

    @org.junit.jupiter.api.Test
    void aSubscriptionNamingAChannelTwiceGetsEachMessageOnceWhileTaggedCallersKeepTheirReplies() throws Exception {
        java.util.concurrent.LinkedBlockingQueue<PubSubMessage> inbox = new java.util.concurrent.LinkedBlockingQueue<>();
        try (TaggedWorkload tagged = TaggedWorkload.start(redis, "tagged", 8, 16);
             Subscription twice = redis.subscribe(inbox::add, "twice", "twice");
             Subscription shardTwice = redis.ssubscribe(inbox::add, "shard-twice", "shard-twice")) {
            assertThat(redis.publish("twice", "one")).isEqualTo(1);
            assertThat(redis.spublish("shard-twice", "two")).isEqualTo(1);
            // Two channels (one plain, one sharded): each keeps its own order, but not an order between them.
            PubSubMessage first = inbox.poll(5, java.util.concurrent.TimeUnit.SECONDS);
            PubSubMessage second = inbox.poll(5, java.util.concurrent.TimeUnit.SECONDS);
            assertThat(java.util.Arrays.asList(first, second)).doesNotContainNull()
                    .extracting(PubSubMessage::message).containsExactlyInAnyOrder("one", "two");
            tagged.awaitMoreSuccesses(200, Duration.ofSeconds(10));
            assertThat(inbox).as("each message arrived once").isEmpty();
            tagged.stop(Duration.ofSeconds(10));
            tagged.assertOracle();
        }
    }

    /** The server's INFO commandstats line of the command (empty when it never ran). */
    private String commandStatistics(String statistic) {
        String info = (String) server.call("INFO", "commandstats");
        return info.lines().filter(line -> line.startsWith(statistic + ":")).findFirst().orElse("")
                .replaceAll(",usec=[^,]*,usec_per_call=[^,]*", "");
    }

    private static String statName(List<Object> words) {
        String name = words.get(0).toString().toLowerCase(Locale.ROOT);
        boolean container = List.of("client", "script").contains(name);
        return container ? name + "|" + words.get(1).toString().toLowerCase(Locale.ROOT) : name;
    }
}
