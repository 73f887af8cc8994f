package io.fastpath.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.RedisClient;
import io.fastpath.RedisClientBuilder;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.boot.data.redis.autoconfigure.DataRedisProperties;

/**
 * Which template callers the starter gives caller-driven I/O when {@code fastpath.caller-driven-io} is unset: platform
 * threads yes, virtual threads (Boot's {@code spring.threads.virtual.enabled}) no, as they never drive a loop. Built
 * with {@code lazyConnect()}, so no server is needed to read the client's description.
 */
class CallerDrivenIoDefaultTest {

    private static String describedClient(FastpathProperties fastpath, boolean virtualThreads) {
        RedisClientBuilder builder = RedisClient.builder().host("127.0.0.1", 1).lazyConnect();
        ClientBuilderFromProperties.settings(builder, new DataRedisProperties(), fastpath, virtualThreads, List.of());
        try (RedisClient client = builder.build()) {
            return client.toString();
        }
    }

    @Test
    void unsetItIsOnForPlatformThreadsAndOffForVirtualThreads() {
        assertThat(describedClient(new FastpathProperties(), false)).contains("caller-driven I/O");
        assertThat(describedClient(new FastpathProperties(), true)).doesNotContain("caller-driven");
    }

    @Test
    void setItsPropertyWinsWhateverTheThreads() {
        FastpathProperties on = new FastpathProperties();
        on.setCallerDrivenIo(true);
        FastpathProperties off = new FastpathProperties();
        off.setCallerDrivenIo(false);
        assertThat(describedClient(on, true)).contains("caller-driven I/O");
        assertThat(describedClient(off, false)).doesNotContain("caller-driven");
    }
}
