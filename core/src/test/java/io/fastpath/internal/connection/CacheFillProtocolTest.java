package io.fastpath.internal.connection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.fastpath.CacheOptions;
import io.fastpath.RedisClient;
import io.fastpath.RedisServerException;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * A cache miss is sent as {@code CLIENT CACHING YES, GET k, PTTL k}; the GET's reply is stored when the PTTL reply
 * arrives unless an invalidation of the key (or a FLUSHALL's) came between the two. A real server runs the three
 * back to back, so the scripted server here puts pushes exactly where a write by another client would put them.
 */
class CacheFillProtocolTest {
    private static final String HELLO_REPLY = "%1\r\n+server\r\n+scripted\r\n";
    private static final String INVALIDATE_K = ">2\r\n$10\r\ninvalidate\r\n*1\r\n$1\r\nk\r\n";
    private static final String INVALIDATE_OTHER = ">2\r\n$10\r\ninvalidate\r\n*1\r\n$5\r\nother\r\n";
    private static final String INVALIDATE_ALL = ">2\r\n$10\r\ninvalidate\r\n_\r\n";

    /** A server whose GET k answers {@code getReply} and whose PTTL k answers {@code pttlReply}. */
    private static Function<List<String>, String> script(String getReply, String pttlReply) {
        return command -> switch (command.get(0)) {
            case "HELLO" -> HELLO_REPLY;
            case "CLIENT", "SELECT", "AUTH" -> "+OK\r\n"; // CLIENT TRACKING ON OPTIN, CLIENT CACHING YES
            case "GET" -> getReply;
            case "PTTL" -> pttlReply;
            default -> "-ERR unexpected " + command + "\r\n";
        };
    }

    private static RedisClient cachedClient(ScriptedServer server) {
        return RedisClient.builder().host("127.0.0.1", server.port()).connectionsPerNode(1)
                .commandTimeout(Duration.ofSeconds(5))
                // A bound of 5 s: a loaded machine must not turn a hit into a read from the server here.
                .clientSideCache(CacheOptions.maxBytes(1 << 20).maxInvalidationDelay(Duration.ofSeconds(5)))
                .build();
    }

    private static long getsReceived(ScriptedServer server) {
        return server.received().stream().filter(command -> command.get(0).equals("GET")).count();
    }

    @Test
    void aMissSendsCachingYesTheReadAndPttlAndTheSecondReadIsServedFromMemory() throws Exception {
        try (ScriptedServer server = new ScriptedServer(script("$1\r\nv\r\n", ":-1\r\n"));
             RedisClient redis = cachedClient(server)) {
            assertThat(redis.get("k")).isEqualTo("v");
            assertThat(redis.get("k")).isEqualTo("v");

            assertThat(getsReceived(server)).as("the second read was a hit").isEqualTo(1);
            List<List<String>> received = server.received();
            int get = received.indexOf(List.of("GET", "k"));
            assertThat(received.subList(get - 1, get + 2))
                    .containsExactly(List.of("CLIENT", "CACHING", "YES"), List.of("GET", "k"), List.of("PTTL", "k"));
            assertThat(received).noneMatch(command -> command.get(0).equals("MULTI") || command.get(0).equals("EXEC"));
        }
    }

    /** GETs k twice from a server answering GET and PTTL as given; returns how many GETs reached the server. */
    private static long readTwiceAndCountGets(String getReply, String pttlReply) throws Exception {
        try (ScriptedServer server = new ScriptedServer(script(getReply, pttlReply));
             RedisClient redis = cachedClient(server)) {
            assertThat(redis.get("k")).as("the reader gets what the server read").isEqualTo("v");
            assertThat(redis.get("k")).isEqualTo("v");
            return getsReceived(server);
        }
    }

    @Test
    void anInvalidationOfTheKeyBetweenTheReadAndItsPttlKeepsTheReadOutOfTheCache() throws Exception {
        assertThat(readTwiceAndCountGets("$1\r\nv\r\n", INVALIDATE_K + ":-1\r\n"))
                .as("nothing was stored, so the second read went to the server").isEqualTo(2);
    }

    @Test
    void aFlushallInvalidationBetweenTheReadAndItsPttlKeepsTheReadOutOfTheCache() throws Exception {
        assertThat(readTwiceAndCountGets("$1\r\nv\r\n", INVALIDATE_ALL + ":-1\r\n")).isEqualTo(2);
    }

    @Test
    void anInvalidationOfAnotherKeyBetweenTheTwoRepliesStillLetsTheReadBeStored() throws Exception {
        assertThat(readTwiceAndCountGets("$1\r\nv\r\n", INVALIDATE_OTHER + ":-1\r\n")).isEqualTo(1);
    }

    @Test
    void anInvalidationBeforeTheReadsReplyCameFromAnEarlierWriteAndTheReadIsStored() throws Exception {
        assertThat(readTwiceAndCountGets(INVALIDATE_K + "$1\r\nv\r\n", ":-1\r\n")).isEqualTo(1);
    }

    @Test
    void aKeyWithoutTimeToLiveLeftIsNotStored() throws Exception {
        assertThat(readTwiceAndCountGets("$1\r\nv\r\n", ":0\r\n")).isEqualTo(2);
    }

    @Test
    void aServerErrorOfTheReadReachesTheCallerWithItsCodeAndIsNeverStored() throws Exception {
        String wrongType = "-WRONGTYPE Operation against a key holding the wrong kind of value\r\n";
        try (ScriptedServer server = new ScriptedServer(script(wrongType, ":-1\r\n"));
             RedisClient redis = cachedClient(server)) {
            assertThat(catchThrowableOfType(() -> redis.get("k"), RedisServerException.class).code()).isEqualTo("WRONGTYPE");
            assertThat(catchThrowableOfType(() -> redis.get("k"), RedisServerException.class).code()).isEqualTo("WRONGTYPE");

            assertThat(getsReceived(server)).isEqualTo(2);
        }
    }
}
