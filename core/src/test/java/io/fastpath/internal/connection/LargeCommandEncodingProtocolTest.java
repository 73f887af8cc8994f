package io.fastpath.internal.connection;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.RedisClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Commands larger than one write ({@link CommandWriter#MAX_BYTES_PER_WRITE}) reach the server word for word, with the
 * commands around them intact: many small arguments gathered in pieces, and arguments larger than a write on their own.
 */
class LargeCommandEncodingProtocolTest {

    private static final Function<List<String>, String> SCRIPT = command -> switch (command.get(0)) {
        case "HELLO" -> "%1\r\n+server\r\n+scripted\r\n";
        case "GET" -> "$4\r\nlast\r\n";
        default -> "+OK\r\n";
    };

    @Test
    void anMsetOfThousandsOfPairsWithSomeValuesLargerThanAWriteArrivesWordForWordBetweenSmallCommands() throws Exception {
        Map<String, String> pairs = new LinkedHashMap<>();
        for (int i = 0; i < 3_000; i++) {
            // every 1,000th value is larger than one write; the rest are 100 bytes, as a multiSet batch sends them
            String value = i % 1_000 == 999 ? ("v" + i).repeat(40_000) : ("v" + i + "-").repeat(20);
            pairs.put("key:" + i, value);
        }
        List<String> expected = new ArrayList<>(List.of("MSET"));
        pairs.forEach((key, value) -> {
            expected.add(key);
            expected.add(value);
        });
        try (ScriptedServer server = new ScriptedServer(SCRIPT);
             RedisClient redis = RedisClient.builder().host("127.0.0.1", server.port()).connectionsPerNode(1)
                     .commandTimeout(Duration.ofSeconds(10)).build()) {
            var first = redis.async().set("before", "small");
            var mset = redis.async().mset(pairs);
            var after = redis.async().get("after");
            first.join();
            mset.join();
            assertThat(after.join()).isEqualTo("last");
            List<List<String>> commands = server.received().stream()
                    .filter(command -> !command.get(0).equals("HELLO") && !command.get(0).equals("CLIENT")).toList();
            assertThat(commands).hasSize(3);
            assertThat(commands.get(0)).containsExactly("SET", "before", "small");
            assertThat(commands.get(1)).isEqualTo(expected);
            assertThat(commands.get(2)).containsExactly("GET", "after");
        }
    }

    @Test
    void aSingleArgumentLargerThanAWriteAfterSmallOnesArrivesWhole() throws Exception {
        String large = "x".repeat(3 * CommandWriter.MAX_BYTES_PER_WRITE + 7);
        try (ScriptedServer server = new ScriptedServer(SCRIPT);
             RedisClient redis = RedisClient.builder().host("127.0.0.1", server.port()).connectionsPerNode(1)
                     .commandTimeout(Duration.ofSeconds(10)).build()) {
            redis.async().set("k", large).join();
            assertThat(server.received()).anySatisfy(command -> assertThat(command).containsExactly("SET", "k", large));
        }
    }
}
