package io.fastpath.codegen;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.internal.command.CommandInfo;
import io.fastpath.internal.command.CommandResolver;
import io.fastpath.internal.command.KeyPositions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Asks the server itself ({@code COMMAND GETKEYS}) which arguments are keys and requires {@link KeyPositions}
 * to name the same ones in the same order, for a command line of every key spec shape.
 */
class KeyPositionsAgreeWithServerTest {

    private static RedisProcess redis;
    private static RespSocket socket;

    @BeforeAll
    static void startServer() throws IOException {
        redis = RedisProcess.start();
        try {
            socket = RespSocket.connect(redis.host(), redis.port());
        } catch (IOException connectFailure) {
            redis.close();
            throw connectFailure;
        }
    }

    @AfterAll
    static void stopServer() throws IOException {
        try {
            if (socket != null) {
                socket.close();
            }
        } finally {
            if (redis != null) {
                redis.close();
            }
        }
    }

    static Stream<List<String>> commandLines() {
        return Stream.of(
                List.of("GET", "k1"),
                List.of("MSET", "k1", "v1", "k2", "v2"),
                List.of("MGET", "k1", "k2", "k3"),
                List.of("DEL", "k1", "k2"),
                List.of("TOUCH", "k1", "k2"),
                List.of("RENAME", "k1", "k2"),
                List.of("SMOVE", "k1", "k2", "m"),
                List.of("BITOP", "AND", "dst", "k1", "k2"),
                List.of("BLPOP", "k1", "k2", "0"),
                List.of("EVAL", "return 1", "2", "k1", "k2", "a1"),
                List.of("EVALSHA", "abc", "1", "k1", "a1"),
                List.of("FCALL", "f", "1", "k1", "a1"),
                List.of("ZUNIONSTORE", "dst", "2", "k1", "k2", "WEIGHTS", "1", "2"),
                List.of("ZUNION", "2", "k1", "k2"),
                List.of("SINTERCARD", "2", "k1", "k2", "LIMIT", "1"),
                List.of("LMPOP", "2", "k1", "k2", "LEFT"),
                List.of("BLMPOP", "0", "2", "k1", "k2", "LEFT"),
                List.of("XREAD", "COUNT", "2", "STREAMS", "s1", "s2", "0", "0"),
                List.of("XREAD", "block", "0", "streams", "s1", "$"),
                List.of("XREADGROUP", "GROUP", "g", "c", "STREAMS", "s1", ">"),
                List.of("MIGRATE", "host", "6379", "", "0", "5000", "KEYS", "k1", "k2"),
                List.of("MIGRATE", "host", "6379", "", "0", "5000", "AUTH", "secret", "KEYS", "k1"),
                List.of("MIGRATE", "host", "6379", "k1", "0", "5000", "COPY"),
                List.of("SORT", "src", "BY", "w_*", "GET", "#", "STORE", "dst"),
                List.of("SORT", "src", "GET", "store", "x"),
                List.of("SORT", "src", "LIMIT", "0", "10", "ALPHA"),
                List.of("SORT_RO", "src", "BY", "w_*"),
                List.of("GEORADIUS", "src", "0", "0", "1", "km", "STORE", "dst"),
                List.of("GEORADIUS", "src", "0", "0", "1", "km", "STOREDIST", "dst"),
                List.of("OBJECT", "ENCODING", "k1"),
                List.of("MEMORY", "USAGE", "k1"),
                List.of("XGROUP", "CREATE", "s1", "g", "$"),
                List.of("XINFO", "STREAM", "s1"),
                List.of("SET", "k1", "v1", "GET"),
                List.of("BITFIELD", "k1", "GET", "u4", "0"),
                List.of("LCS", "k1", "k2"),
                List.of("COPY", "k1", "k2"));
    }

    @ParameterizedTest
    @MethodSource("commandLines")
    void keyPositionsNameTheKeysTheServerNames(List<String> words) throws IOException {
        assertThat(keysByKeyPositions(words)).isEqualTo(keysByServer(words));
    }

    @ParameterizedTest
    @MethodSource("keylessCommandLines")
    void keylessCommandsHaveNoKeysForTheServerEither(List<String> words) throws IOException {
        assertThat(keysByServer(words)).isEmpty();
        assertThat(keysByKeyPositions(words)).isEmpty();
    }

    static Stream<List<String>> keylessCommandLines() {
        return Stream.of(
                List.of("PING", "hello"),
                List.of("ECHO", "hello"),
                List.of("CLIENT", "SETNAME", "name"),
                List.of("CONFIG", "GET", "maxmemory"),
                List.of("SPUBLISH", "channel", "message"),
                List.of("EVAL", "return 1", "0", "a1"));
    }

    private static List<String> keysByServer(List<String> words) throws IOException {
        List<String> request = new ArrayList<>(List.of("COMMAND", "GETKEYS"));
        request.addAll(words);
        Object reply = socket.send(request.toArray(String[]::new));
        if (reply instanceof RespError error) {
            assertThat(error.message()).as("server error for %s", words)
                    .containsAnyOf("no key arguments", "Invalid arguments specified");
            return List.of();
        }
        List<String> keys = new ArrayList<>();
        for (Object key : (List<?>) reply) {
            keys.add((String) key);
        }
        return keys;
    }

    private static List<String> keysByKeyPositions(List<String> words) {
        byte[][] args = new byte[words.size()][];
        for (int index = 0; index < args.length; index++) {
            args[index] = words.get(index).getBytes(StandardCharsets.UTF_8);
        }
        CommandInfo info = CommandResolver.resolve(args);
        assertThat(info).as("command %s", words).isNotNull();
        List<String> keys = new ArrayList<>();
        for (int position : KeyPositions.of(info, args)) {
            keys.add(words.get(position));
        }
        return keys;
    }
}
