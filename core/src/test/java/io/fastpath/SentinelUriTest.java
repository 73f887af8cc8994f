package io.fastpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code redis-sentinel://} URIs and Sentinel addresses: parsed exactly, or refused before anything is sent. */
class SentinelUriTest {

    @Test
    void aUriWithTheDataNodesCredentialsSeveralSentinelsAPrimaryNameAndADatabaseIsParsed() {
        SentinelUri uri = SentinelUri.parse("redis-sentinel://app:p%40ss@s1:26379,s2:26380,[::1]:26381/mymaster/3");
        assertThat(uri.username()).isEqualTo("app");
        assertThat(uri.password()).isEqualTo("p@ss");
        assertThat(uri.database()).isEqualTo(3);
        assertThat(uri.tls()).isFalse();
        assertThat(uri.options().primaryName()).isEqualTo("mymaster");
        assertThat(uri.options().sentinels()).containsExactly("s1:26379", "s2:26380", "[::1]:26381");
        assertThat(uri.options().password()).as("a URI never carries the Sentinels' own secret").isNull();
        assertThat(uri.toString()).doesNotContain("p@ss").contains(":****@");
    }

    @Test
    void theDefaultSentinelPortAPasswordWithoutUserAndTlsAreUnderstood() {
        SentinelUri uri = SentinelUri.parse("rediss-sentinel://:secret@sentinel.example/cache");
        assertThat(uri.tls()).isTrue();
        assertThat(uri.username()).isNull();
        assertThat(uri.password()).isEqualTo("secret");
        assertThat(uri.database()).isZero();
        assertThat(HostAndPort.parse(uri.options().sentinels().get(0), SentinelOptions.DEFAULT_SENTINEL_PORT, "Sentinel"))
                .isEqualTo(new HostAndPort("sentinel.example", 26379));
    }

    @Test
    void theBuilderTakesASentinelUriAndAPlainUriAfterItReplacesIt() {
        RedisClientBuilder builder = RedisClient.builder().uri("redis-sentinel://s1,s2/mymaster");
        assertThat(SentinelUri.isSentinelUri("REDIS-SENTINEL://x/y")).isTrue();
        assertThat(SentinelUri.isSentinelUri("redis://x")).isFalse();
        builder.uri("redis://127.0.0.1:1"); // a fixed address again: the lazy build below is allowed only without Sentinel
        assertThat(builder.lazyConnect().build()).isNotNull().satisfies(RedisClient::close);
    }

    @Test
    void malformedUrisAndAddressesFailWithTheirReason() {
        List.of("redis-sentinel://s1:26379", "redis-sentinel:///mymaster", "redis-sentinel://s1/", "redis-sentinel://s1/m/x",
                "redis-sentinel://s1/m/1/2", "redis-sentinel://s1/m?sentinelMasterId=m", "redis-sentinel://s1:0/m",
                "redis-sentinel://s1:port/m", "redis-sentinel://::1/m", "redis-sentinel://[::1/m", "redis-sentinel://s1/m/-1")
                .forEach(text -> assertThatThrownBy(() -> SentinelUri.parse(text)).as(text).isInstanceOf(RedisArgumentException.class));
        assertThatThrownBy(() -> SentinelOptions.of("mymaster")).isInstanceOf(RedisArgumentException.class)
                .hasMessageContaining("at least one Sentinel");
        assertThatThrownBy(() -> SentinelOptions.of(" ", "s1")).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> SentinelOptions.of("m", "s1").waitForReplicas(0, java.time.Duration.ofSeconds(1)))
                .isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> RedisClient.builder().sentinel(SentinelOptions.of("m", "s1")).lazyConnect().build())
                .isInstanceOf(RedisArgumentException.class).hasMessageContaining("lazyConnect()");
    }

    @Test
    void sentinelOptionsNeverPrintTheSentinelsPassword() {
        assertThat(SentinelOptions.of("m", "s1").credentials("u", "hunter2").toString()).doesNotContain("hunter2").contains("****");
    }
}
