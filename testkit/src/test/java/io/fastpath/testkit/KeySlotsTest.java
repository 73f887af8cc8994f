package io.fastpath.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class KeySlotsTest {

    @Test
    void crc16MatchesTheXmodemCheckValue() {
        byte[] check = "123456789".getBytes(StandardCharsets.US_ASCII);
        assertThat(KeySlots.crc16(check, 0, check.length)).isEqualTo(0x31C3);
    }

    @Test
    void slotsMatchValuesPublishedInTheClusterSpecification() {
        assertThat(KeySlots.slot("foo")).isEqualTo(12182);
        assertThat(KeySlots.slot("bar")).isEqualTo(5061);
        assertThat(KeySlots.slot("123456789")).isEqualTo(0x31C3 % 16384);
    }

    @Test
    void onlyTheFirstNonEmptyHashtagIsHashed() {
        assertThat(KeySlots.slot("{user1000}.following")).isEqualTo(KeySlots.slot("user1000"));
        assertThat(KeySlots.slot("foo{}{bar}")).isEqualTo(KeySlots.slot("foo{}{bar}".getBytes(StandardCharsets.UTF_8)));
        assertThat(KeySlots.slot("foo{{bar}}zap")).isEqualTo(KeySlots.slot("{bar"));
        assertThat(KeySlots.slot("foo{bar}{zap}")).isEqualTo(KeySlots.slot("bar"));
        assertThat(KeySlots.slot("{}")).isNotEqualTo(KeySlots.slot(""));
    }
}
