package io.fastpath.spring;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.RedisClient;
import org.junit.jupiter.api.Test;
import org.springframework.dao.InvalidDataAccessResourceUsageException;
import org.springframework.data.redis.connection.RedisSentinelConfiguration;

/** What the factory refuses before it connects anywhere. */
class SentinelConfigurationTest {

    @Test
    void aConfigurationWithoutAMasterNameOrWithoutSentinelsIsRefusedWhenTheFactoryIsMade() {
        assertThatThrownBy(() -> new FastpathConnectionFactory(new RedisSentinelConfiguration().sentinel("127.0.0.1", 26379)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("names no master");
        assertThatThrownBy(() -> new FastpathConnectionFactory(new RedisSentinelConfiguration().master("mymaster")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("lists no Sentinel node");
        assertThatThrownBy(() -> new FastpathConnectionFactory((RedisSentinelConfiguration) null))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new FastpathConnectionFactory(new RedisSentinelConfiguration().master("mymaster")
                .sentinel("127.0.0.1", 26379), null, null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("customizer");
    }

    @Test
    void aFactoryNotMadeFromASentinelConfigurationRefusesASentinelConnection() {
        FastpathConnectionFactory fromBuilder = new FastpathConnectionFactory(
                () -> RedisClient.builder().uri("redis-sentinel://127.0.0.1:26379/mymaster"));
        assertThatThrownBy(fromBuilder::getSentinelConnection)
                .isInstanceOf(InvalidDataAccessResourceUsageException.class)
                .hasMessageContaining("No Sentinels configured")
                .hasMessageContaining("RedisSentinelConfiguration");
    }
}
