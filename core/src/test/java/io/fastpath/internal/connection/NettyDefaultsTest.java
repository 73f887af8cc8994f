package io.fastpath.internal.connection;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.RedisClient;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class NettyDefaultsTest {

    @Test
    void nettysJfrEventsAreTurnedOffWhenTheApplicationSaidNothing() {
        Properties properties = new Properties();

        NettyDefaults.apply(properties);

        assertThat(properties.getProperty("io.netty.jfr.enabled")).isEqualTo("false");
    }

    @Test
    void aChoiceTheApplicationMadeIsKept() {
        Properties properties = new Properties();
        properties.setProperty("io.netty.jfr.enabled", "true");

        NettyDefaults.apply(properties);

        assertThat(properties.getProperty("io.netty.jfr.enabled")).isEqualTo("true");
    }

    @Test
    void theBuilderAppliesThemToTheJvm() {
        RedisClient.builder(); // initializes the builder class, whose first act is to apply the defaults

        assertThat(System.getProperty(NettyDefaults.JFR_PROPERTY)).isNotNull();
    }
}
