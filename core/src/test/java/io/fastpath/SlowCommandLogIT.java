package io.fastpath;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.testkit.RedisServer;
import io.fastpath.testkit.RedisServerExtension;
import java.time.Duration;
import java.util.logging.Level;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The slow-command log names a slow command, where its time went, and never an argument value. */
class SlowCommandLogIT {
    @RegisterExtension
    static final RedisServerExtension REDIS = RedisServerExtension.standalone();

    private static RedisServer server() {
        return REDIS.server();
    }

    @Test
    void aCommandSlowerThanTheThresholdIsLoggedWithItsBreakdownAndFastOnesAreNot() {
        try (LogCapture log = LogCapture.of("io.fastpath.SlowCommands");
             RedisClient redis = RedisClient.builder().uri(server().uri()).slowCommandLog(Duration.ofMillis(50)).build()) {
            redis.set("fast-key", "a-value-that-must-not-appear");
            // Not a client wait: the server itself takes 200 ms to answer. The odd digits cannot occur in a timing by chance.
            redis.send("DEBUG", "SLEEP", "0.2000987");

            assertThat(log.containing("slow command")).singleElement().satisfies(record -> {
                assertThat(record.getLevel()).isEqualTo(Level.WARNING);
                String line = LogCapture.formatted(record);
                assertThat(line).startsWith("slow command: DEBUG on 127.0.0.1:" + server().port() + " took ")
                        .contains("success: queued ", "ms, on the wire ", "ms, reply to completion ",
                                "server time: not reported by Redis", "bytes out")
                        .doesNotContain("0.2000987", "a-value-that-must-not-appear");
                double onTheWire = Double.parseDouble(line.replaceAll(".*on the wire ([0-9.]+) ms.*", "$1"));
                assertThat(onTheWire).isGreaterThanOrEqualTo(200.0); // the server's sleep is on the wire
            });
        }
    }

    @Test
    void withoutAThresholdNothingIsLogged() {
        try (LogCapture log = LogCapture.of("io.fastpath.SlowCommands");
             RedisClient redis = RedisClient.create(server().uri())) {
            redis.send("DEBUG", "SLEEP", "0.1");
            assertThat(log.containing("slow command")).isEmpty();
        }
    }
}
