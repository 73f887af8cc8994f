package io.fastpath.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PortBlockTest {

    /** Linux's default ip_local_port_range starts here: outgoing connections take their local ports from there up. */
    private static final int EPHEMERAL_RANGE_START = 32768;

    @Test
    void blocksShareNoPort() {
        for (int first = 0; first < PortBlock.COUNT; first++) {
            for (int second = first + 1; second < PortBlock.COUNT; second++) {
                PortBlock one = new PortBlock(first);
                PortBlock other = new PortBlock(second);
                assertThat(one.lastPort() < other.firstPort() || other.lastPort() < one.firstPort())
                        .as("%s and %s overlap", one, other).isTrue();
            }
        }
    }

    @Test
    void noBusPortLiesInsideAnyBlock() {
        for (int owner = 0; owner < PortBlock.COUNT; owner++) {
            PortBlock block = new PortBlock(owner);
            int firstBusPort = block.firstPort() + FreePorts.CLUSTER_BUS_PORT_OFFSET;
            int lastBusPort = block.lastPort() + FreePorts.CLUSTER_BUS_PORT_OFFSET;
            for (int other = 0; other < PortBlock.COUNT; other++) {
                PortBlock candidate = new PortBlock(other);
                assertThat(lastBusPort < candidate.firstPort() || candidate.lastPort() < firstBusPort)
                        .as("bus ports of %s fall inside %s", block, candidate).isTrue();
            }
        }
    }

    @Test
    void everyPortAndItsBusPortLieBelowTheEphemeralRange() {
        PortBlock highest = new PortBlock(PortBlock.COUNT - 1);
        assertThat(highest.lastPort() + FreePorts.CLUSTER_BUS_PORT_OFFSET).isLessThan(EPHEMERAL_RANGE_START);
        assertThat(new PortBlock(0).firstPort()).isGreaterThan(1023); // no privileged port
    }

    @Test
    void eachForkNumberNamesItsOwnBlockRoundTheList() {
        assertThat(PortBlock.choose("1", 12345)).isEqualTo(new PortBlock(0));
        assertThat(PortBlock.choose("2", 12345)).isEqualTo(new PortBlock(1));
        assertThat(PortBlock.choose(Integer.toString(PortBlock.COUNT + 1), 12345)).isEqualTo(new PortBlock(0));
    }

    @Test
    void aJvmWithoutAForkNumberTakesAnUpperBlockByItsProcessId() {
        for (long pid = 1; pid <= 100; pid++) {
            PortBlock chosen = PortBlock.choose(null, pid);
            assertThat(chosen.index()).isBetween(PortBlock.FIRST_UNNUMBERED_BLOCK, PortBlock.COUNT - 1);
            assertThat(PortBlock.choose("${surefire.forkNumber}", pid)).isEqualTo(chosen);
            assertThat(PortBlock.choose("0", pid)).isEqualTo(chosen);
            assertThat(PortBlock.choose("", pid)).isEqualTo(chosen);
        }
        assertThat(PortBlock.choose(null, 4)).isNotEqualTo(PortBlock.choose(null, 5));
    }
}
