package io.fastpath.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class PortAllocatorTest {

    private static final PortBlock BLOCK = new PortBlock(1);

    @Test
    void everyPortOfTheBlockIsHandedOutOnceBeforeAnyPortAgain() {
        PortAllocator allocator = new PortAllocator(BLOCK, PortBlock.SIZE - 10, port -> true);
        List<Integer> handedOut = new ArrayList<>();
        for (int i = 0; i < PortBlock.SIZE; i++) {
            handedOut.add(allocator.next(false));
        }
        assertThat(new HashSet<>(handedOut)).hasSize(PortBlock.SIZE);
        assertThat(handedOut).allMatch(BLOCK::contains);
        assertThat(handedOut.get(0)).isEqualTo(BLOCK.firstPort() + PortBlock.SIZE - 10);
        assertThat(allocator.next(false)).as("the second round begins where the first did").isEqualTo(handedOut.get(0));
    }

    @Test
    void portsFoundTakenAreSkipped() {
        int taken = BLOCK.firstPort() + 1;
        PortAllocator allocator = new PortAllocator(BLOCK, 0, port -> port != taken);
        assertThat(allocator.next(false)).isEqualTo(BLOCK.firstPort());
        assertThat(allocator.next(false)).isEqualTo(BLOCK.firstPort() + 2);
    }

    @Test
    void aClusterNodeGetsOnlyAPortWhoseBusPortIsFreeToo() {
        int busPortTaken = BLOCK.firstPort() + FreePorts.CLUSTER_BUS_PORT_OFFSET;
        PortAllocator clusterNodes = new PortAllocator(BLOCK, 0, port -> port != busPortTaken);
        assertThat(clusterNodes.next(true)).isEqualTo(BLOCK.firstPort() + 1);
        PortAllocator standalones = new PortAllocator(BLOCK, 0, port -> port != busPortTaken);
        assertThat(standalones.next(false)).isEqualTo(BLOCK.firstPort());
    }

    @Test
    void threadsStartingNodesAtOnceNeverGetTheSamePort() throws Exception {
        PortAllocator allocator = new PortAllocator(BLOCK, 0, port -> true);
        Set<Integer> handedOut = ConcurrentHashMap.newKeySet();
        ExecutorService threads = Executors.newFixedThreadPool(8);
        try {
            List<Future<?>> takers = new ArrayList<>();
            for (int thread = 0; thread < 8; thread++) {
                takers.add(threads.submit(() -> {
                    for (int i = 0; i < PortBlock.SIZE / 8; i++) {
                        assertThat(handedOut.add(allocator.next(true))).as("port handed out twice").isTrue();
                    }
                }));
            }
            for (Future<?> taker : takers) {
                taker.get();
            }
        } finally {
            threads.shutdownNow();
        }
        assertThat(handedOut).hasSize(PortBlock.SIZE / 8 * 8);
    }

    @Test
    void aBlockWithoutAFreePortFailsNamingTheBlock() {
        PortAllocator allocator = new PortAllocator(BLOCK, 0, port -> false);
        assertThatThrownBy(() -> allocator.next(false))
                .isInstanceOf(RedisTestkitException.class)
                .hasMessageContaining(BLOCK.toString());
    }
}
