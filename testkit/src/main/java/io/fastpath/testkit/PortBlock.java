package io.fastpath.testkit;

/**
 * One of the kit's {@value #COUNT} disjoint blocks of loopback ports; every server a JVM starts listens on a port of
 * its JVM's block.
 *
 * <p>Two test JVMs on one machine must not hand each other a port: a cluster whose node was killed keeps gossiping to
 * that node's client and bus ports, and a fresh node of another JVM's cluster on them would join the wrong cluster.
 * So each JVM takes its ports from a block of its own. Client ports lie in [{@value #FIRST_PORT}, {@value #FIRST_PORT}
 * + {@value #COUNT} * {@value #SIZE}) and their cluster bus ports ({@link FreePorts#CLUSTER_BUS_PORT_OFFSET} higher)
 * above that, inside no block; all of them below Linux's default ephemeral range (32768-60999), so no outgoing
 * connection of any program takes one of them meanwhile.
 *
 * <p>Which block: the system property {@value #PROPERTY}, a fork number from 1 (the parent pom passes surefire's and
 * failsafe's {@code ${surefire.forkNumber}}), names block (n - 1) mod {@value #COUNT}. A JVM without it (an IDE,
 * a benchmark, or an IDE that copied the setting without surefire's placeholder) takes one of the upper blocks
 * {@value #FIRST_UNNUMBERED_BLOCK} to {@value #COUNT} - 1 by its process id; forks reach those only from fork 5 on.
 */
record PortBlock(int index) {

    static final String PROPERTY = "fastpath.testkit.portBlock";
    static final int FIRST_PORT = 12000;
    static final int SIZE = 1000;
    static final int COUNT = 8;
    static final int FIRST_UNNUMBERED_BLOCK = 4;

    PortBlock {
        if (index < 0 || index >= COUNT) {
            throw new IllegalArgumentException("Port block index must be 0 to " + (COUNT - 1) + ", not " + index);
        }
    }

    /** The block named by {@value #PROPERTY}, or one chosen by this process's id. */
    static PortBlock forThisJvm() {
        return choose(System.getProperty(PROPERTY), ProcessHandle.current().pid());
    }

    /** The block for fork number {@code forkNumber} (from 1), or, when it is absent or not a number, by {@code pid}. */
    static PortBlock choose(String forkNumber, long pid) {
        if (forkNumber != null && forkNumber.matches("[0-9]{1,9}") && Integer.parseInt(forkNumber) >= 1) {
            return new PortBlock((Integer.parseInt(forkNumber) - 1) % COUNT);
        }
        int unnumberedBlocks = COUNT - FIRST_UNNUMBERED_BLOCK;
        return new PortBlock(FIRST_UNNUMBERED_BLOCK + (int) Math.floorMod(pid, (long) unnumberedBlocks));
    }

    int firstPort() {
        return FIRST_PORT + index * SIZE;
    }

    int lastPort() {
        return firstPort() + SIZE - 1;
    }

    boolean contains(int port) {
        return port >= firstPort() && port <= lastPort();
    }

    @Override
    public String toString() {
        return "port block " + index + " (" + firstPort() + "-" + lastPort() + ")";
    }
}
