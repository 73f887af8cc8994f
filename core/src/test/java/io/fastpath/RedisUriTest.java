package io.fastpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class RedisUriTest {

    @Test
    void hostAloneUsesTheDefaultPortAndDatabase() {
        RedisUri uri = RedisUri.parse("redis://cache.local");
        assertThat(uri.host()).isEqualTo("cache.local");
        assertThat(uri.port()).isEqualTo(6379);
        assertThat(uri.database()).isZero();
        assertThat(uri.username()).isNull();
        assertThat(uri.password()).isNull();
    }

    @Test
    void userPasswordPortAndDatabaseAreAllRead() {
        RedisUri uri = RedisUri.parse("redis://app:s%40cret%3A1@10.0.0.5:6380/4");
        assertThat(uri.username()).isEqualTo("app");
        assertThat(uri.password()).isEqualTo("s@cret:1");
        assertThat(uri.host()).isEqualTo("10.0.0.5");
        assertThat(uri.port()).isEqualTo(6380);
        assertThat(uri.database()).isEqualTo(4);
    }

    @Test
    void passwordWithoutUserMeansTheDefaultUser() {
        RedisUri uri = RedisUri.parse("redis://:only-password@localhost");
        assertThat(uri.username()).isNull();
        assertThat(uri.password()).isEqualTo("only-password");
    }

    @Test
    void ipv6HostsKeepTheirBrackets() {
        RedisUri uri = RedisUri.parse("redis://[::1]:7000");
        assertThat(uri.host()).isEqualTo("::1");
        assertThat(uri.toString()).isEqualTo("redis://[::1]:7000");
    }

    @Test
    void toStringNeverShowsThePassword() {
        assertThat(RedisUri.parse("redis://app:hunter2@localhost/2").toString())
                .isEqualTo("redis://app:****@localhost:6379/2").doesNotContain("hunter2");
        assertThat(RedisUri.parse("redis://:hunter2@localhost").toString()).doesNotContain("hunter2");
    }

    @Test
    void redissTurnsTlsOnAndKeepsItsSchemeWithoutThePassword() {
        RedisUri uri = RedisUri.parse("rediss://app:hunter2@localhost:6390/1");
        assertThat(uri.tls()).isTrue();
        assertThat(uri.port()).isEqualTo(6390);
        assertThat(uri.toString()).isEqualTo("rediss://app:****@localhost:6390/1");
        assertThat(RedisUri.parse("redis://localhost").tls()).isFalse();
    }

    @Test
    void malformedUrisAreRejectedBeforeConnecting() {
        assertThatThrownBy(() -> RedisUri.parse("http://localhost")).isInstanceOf(RedisArgumentException.class).hasMessageContaining("scheme");
        assertThatThrownBy(() -> RedisUri.parse("redis://localhost/abc")).isInstanceOf(RedisArgumentException.class).hasMessageContaining("database");
        assertThatThrownBy(() -> RedisUri.parse("redis:///3")).isInstanceOf(RedisArgumentException.class).hasMessageContaining("host");
        assertThatThrownBy(() -> RedisUri.parse("")).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> RedisUri.parse("redis://local host")).isInstanceOf(RedisArgumentException.class);
    }

    @Test
    void builderRejectsSettingsThatCannotWork() {
        assertThatThrownBy(() -> RedisClient.builder().connectionsPerNode(3)).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> RedisClient.builder().loneCallerSpin(java.time.Duration.ofNanos(-1))).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> RedisClient.builder().loneCallerSpin(java.time.Duration.ofMillis(2))).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> RedisClient.builder().host("h", 0)).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> RedisClient.builder().commandTimeout(java.time.Duration.ZERO)).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> RedisClient.builder().clientName("has space")).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> RedisClient.builder().maxInFlightPerConnection(0)).isInstanceOf(RedisArgumentException.class);
    }

    @Test
    void aPortOutOfRangeOrNotANumberIsRejectedNamingThePort() {
        for (String uri : new String[] {"redis://localhost:99999", "rediss://localhost:99999", "redis://localhost:-1",
                "redis://localhost:0", "redis://[::1]:70000"}) {
            assertThatThrownBy(() -> RedisClient.builder().uri(uri)).as(uri).isInstanceOf(RedisArgumentException.class)
                    .hasMessageContaining("port").hasMessageContaining("1..65535").hasMessageContaining("expected redis://");
        }
        assertThatThrownBy(() -> RedisUri.parse("redis://localhost:abc")).isInstanceOf(RedisArgumentException.class)
                .hasMessageContaining("port of the Redis URI's address 'localhost:abc' is not a number");
        assertThatThrownBy(() -> RedisUri.parse("redis://localhost:99999")).hasMessageContaining("got 99999");
    }

    @Test
    void aUriWithoutSchemeSaysSoAndShowsTheExpectedForm() {
        assertThatThrownBy(() -> RedisUri.parse("redis//x")).isInstanceOf(RedisArgumentException.class)
                .hasMessageContaining("has no scheme").hasMessageContaining("expected redis://").hasMessageNotContaining("'null'");
        assertThatThrownBy(() -> RedisUri.parse("localhost:6379")).isInstanceOf(RedisArgumentException.class)
                .hasMessageContaining("scheme");
    }

    @Test
    void aBadAddressNeverEchoesThePassword() {
        assertThatThrownBy(() -> RedisUri.parse("redis://app:hunter2@localhost:99999")).isInstanceOf(RedisArgumentException.class)
                .hasMessageContaining("localhost:99999").hasMessageNotContaining("hunter2");
    }

    @Test
    void sentinelAddressesAndTheBuilderCheckThePortToo() {
        assertThatThrownBy(() -> RedisClient.builder().uri("redis-sentinel://localhost:99999/mymaster"))
                .isInstanceOf(RedisArgumentException.class).hasMessageContaining("port").hasMessageContaining("99999");
        assertThatThrownBy(() -> RedisClient.builder().uri("redis-sentinel://localhost:abc/mymaster"))
                .isInstanceOf(RedisArgumentException.class).hasMessageContaining("not a number");
        assertThatThrownBy(() -> RedisClient.builder().host("localhost", 99999)).isInstanceOf(RedisArgumentException.class)
                .hasMessageContaining("99999");
    }
}
