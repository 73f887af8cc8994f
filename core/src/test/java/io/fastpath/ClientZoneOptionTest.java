package io.fastpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The builder's checks of the client zone and of the zone read policies, before any connection is opened. */
class ClientZoneOptionTest {

    @Test
    void aZonePolicyWithoutAClientZoneFailsAtBuildNamingTheOption() {
        for (ReadPolicy policy : new ReadPolicy[] {ReadPolicy.ZONE_AFFINITY, ReadPolicy.ZONE_AFFINITY_REPLICAS_AND_PRIMARY}) {
            RedisClientBuilder builder = RedisClient.builder().host("127.0.0.1", 1).readPolicy(policy);
            assertThatThrownBy(builder::build).isInstanceOf(RedisArgumentException.class)
                    .hasMessageContaining(policy.name()).hasMessageContaining("clientZone(");
        }
    }

    @Test
    void aBlankOrSpacedZoneIsRefusedAtOnce() {
        RedisClientBuilder builder = RedisClient.builder();
        for (String zone : new String[] {"", " ", "eu west", "a\tb"}) {
            assertThatThrownBy(() -> builder.clientZone(zone)).as("'%s'", zone).isInstanceOf(RedisArgumentException.class)
                    .hasMessageContaining("clientZone");
        }
    }

    @Test
    void aZonePolicyWithAZoneAndAZoneWithAnyOtherPolicyAreAccepted() {
        assertThat(RedisClient.builder().readPolicy(ReadPolicy.ZONE_AFFINITY).clientZone("eu-west-1a").settings().clientZone())
                .isEqualTo("eu-west-1a");
        assertThat(RedisClient.builder().clientZone("eu-west-1a").settings().readPolicy()).isEqualTo(ReadPolicy.PRIMARY);
        assertThat(RedisClient.builder().clientZone("eu-west-1a").clientZone(null).settings().clientZone()).isNull();
    }
}
