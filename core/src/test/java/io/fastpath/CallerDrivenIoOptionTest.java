package io.fastpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * {@code callerDrivenIo(true)} serves a standalone server, a cluster and Sentinel: what it does not serve yet (the
 * client-side cache, direct completion) is refused when the option is asked for, never silently ignored; the system
 * property and {@code preferCallerDrivenIo()} only turn it on where it applies.
 */
class CallerDrivenIoOptionTest {

    @Test
    void askedForWithTheCacheOrDirectCompletionItIsRefusedNamingTheOtherOption() {
        assertThatThrownBy(() -> RedisClient.builder().callerDrivenIo(true).clientSideCache(CacheOptions.maxBytes(1 << 20)).settings())
                .isInstanceOf(RedisArgumentException.class).hasMessageContaining("clientSideCache(...)");
        assertThatThrownBy(() -> RedisClient.builder().callerDrivenIo(true).directCompletion().settings())
                .isInstanceOf(RedisArgumentException.class).hasMessageContaining("directCompletion()");
    }

    @Test
    void offByDefaultAndOnWhenAskedForOnAStandaloneServer() {
        assertThat(RedisClient.builder().callerDrivenIo(false).settings().callerDrivenIo()).isFalse();
        assertThat(RedisClient.builder().callerDrivenIo(true).settings().callerDrivenIo()).isTrue();
    }

    @Test
    void askedForWithSeedsOfAClusterOrWithSentinelItIsOn() {
        assertThat(RedisClient.builder().callerDrivenIo(true).seeds("redis://a:7000", "redis://b:7001").settings()
                .callerDrivenIo()).isTrue();
        assertThat(RedisClient.builder().callerDrivenIo(true).sentinel(SentinelOptions.of("mymaster", "127.0.0.1:26379"))
                .settings().callerDrivenIo()).isTrue();
    }

    @Test
    void preferredItIsOnWhereItAppliesAndOffWithTheCacheOrDirectCompletionWithoutAnError() {
        assertThat(RedisClient.builder().preferCallerDrivenIo().settings().callerDrivenIo()).isTrue();
        assertThat(RedisClient.builder().preferCallerDrivenIo().seeds("redis://a:7000", "redis://b:7001").settings()
                .callerDrivenIo()).isTrue();
        assertThat(RedisClient.builder().preferCallerDrivenIo().clientSideCache(CacheOptions.maxBytes(1 << 20)).settings()
                .callerDrivenIo()).isFalse();
        assertThat(RedisClient.builder().preferCallerDrivenIo().directCompletion().settings().callerDrivenIo()).isFalse();
    }

    @Test
    void preferredItGivesWayToAnExplicitChoiceOnTheSameBuilder() {
        assertThat(RedisClient.builder().preferCallerDrivenIo().callerDrivenIo(false).settings().callerDrivenIo()).isFalse();
        assertThat(RedisClient.builder().callerDrivenIo(false).preferCallerDrivenIo().settings().callerDrivenIo()).isFalse();
        assertThatThrownBy(() -> RedisClient.builder().preferCallerDrivenIo().callerDrivenIo(true).directCompletion().settings())
                .isInstanceOf(RedisArgumentException.class).hasMessageContaining("directCompletion()");
    }
}
