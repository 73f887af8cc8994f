package io.fastpath.internal.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.internal.connection.Endpoint;
import org.junit.jupiter.api.Test;

class RedirectTargetTest {
    private final Endpoint answering = new Endpoint("node-b.cache.example", 7001);

    @Test
    void aRedirectToAHostnameGoesToThatName() {
        assertThat(RedirectHandler.endpointOf("node-a.cache.example:7000", answering))
                .isEqualTo(new Endpoint("node-a.cache.example", 7000));
    }

    @Test
    void aRedirectToAnUnknownEndpointGoesToTheHostOfTheNodeThatSentIt() {
        assertThat(RedirectHandler.endpointOf("?:6380", answering)).isEqualTo(new Endpoint("node-b.cache.example", 6380));
    }

    @Test
    void aRedirectWithAnEmptyHostGoesToTheHostOfTheNodeThatSentIt() {
        assertThat(RedirectHandler.endpointOf(":6380", answering)).isEqualTo(new Endpoint("node-b.cache.example", 6380));
    }

    @Test
    void aRedirectToABracketedIpv6AddressDropsTheBrackets() {
        assertThat(RedirectHandler.endpointOf("[::1]:7000", answering)).isEqualTo(new Endpoint("::1", 7000));
    }
}
