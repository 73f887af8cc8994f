package io.fastpath.internal.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.command.Reply;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Reading a node's zone from its INFO server reply (the text as Valkey 8.0.1 and Redis 7.0 send it). */
class ServerZoneTest {
    private static final String VALKEY_INFO = "# Server\r\nredis_version:7.2.4\r\nserver_name:valkey\r\nvalkey_version:8.0.1\r\n"
            + "redis_mode:cluster\r\nos:Linux 6.8.0 x86_64\r\navailability_zone:eu-west-1b\r\nexecutable:/bin/valkey-server\r\n";
    private static final String REDIS_INFO = "# Server\r\nredis_version:7.0.15\r\nredis_mode:cluster\r\nexecutable:/bin/redis-server\r\n";

    @Test
    void aValkeyNodeReportsItsAvailabilityZone() {
        assertThat(ServerZone.parse(new Reply.VerbatimStringReply("txt", VALKEY_INFO))).isEqualTo("eu-west-1b");
        assertThat(ServerZone.parse(new Reply.BulkStringReply(VALKEY_INFO.getBytes(StandardCharsets.UTF_8)))).isEqualTo("eu-west-1b");
    }

    @Test
    void aNodeWithoutTheFieldOrWithAnEmptyOneReportsNoZone() {
        assertThat(ServerZone.parse(new Reply.VerbatimStringReply("txt", REDIS_INFO))).isNull();
        assertThat(ServerZone.parse(new Reply.VerbatimStringReply("txt", "# Server\r\navailability_zone:\r\nx:1\r\n"))).isNull();
        assertThat(ServerZone.parse(new Reply.IntegerReply(1))).isNull();
    }

    @Test
    void aZoneIsOnlyTheClientsWhenBothAreNamedAndEqual() {
        ServerZone zone = new ServerZone();
        assertThat(zone.is("a")).isFalse();
        zone.reported("a");
        assertThat(zone.is("a")).isTrue();
        assertThat(zone.is("b")).isFalse();
        assertThat(zone.is(null)).isFalse();
    }
}
