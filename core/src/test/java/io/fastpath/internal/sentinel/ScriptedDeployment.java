package io.fastpath.internal.sentinel;

import io.fastpath.Eventually;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A Sentinel deployment of scripted servers for the monitor's protocol tests: data nodes, Sentinels that name the
 * current primary, and {@link #promote}, which changes what the Sentinels name and the nodes' ROLE (the events that
 * announce it are the test's to publish, in the order it chooses).
 *
 * <p>Thread-safe: the servers' threads read the current primary; the test changes it.
 */
final class ScriptedDeployment implements AutoCloseable {
    static final String NAME = "mymaster";
    private static final Duration BARRIER_WAIT = Duration.ofSeconds(10);

    private final List<AutoCloseable> servers = new ArrayList<>();
    private volatile ScriptedDataNode primary;
    private volatile long epoch = 1;

    /** The first data node is the primary, the others its replicas. */
    ScriptedDataNode dataNode() throws IOException {
        ScriptedDataNode node = new ScriptedDataNode(primary == null ? RoleCheck.PRIMARY : RoleCheck.REPLICA);
        servers.add(node);
        if (primary == null) {
            primary = node;
        }
        return node;
    }

    ScriptedSentinel sentinel() throws IOException {
        ScriptedSentinel sentinel = new ScriptedSentinel(() -> primary, () -> epoch);
        servers.add(sentinel);
        return sentinel;
    }

    /** {@code replica} becomes the primary in a new configuration epoch; the old primary its replica. */
    void promote(ScriptedDataNode replica) {
        primary.role(RoleCheck.REPLICA);
        replica.role(RoleCheck.PRIMARY);
        epoch++;
        primary = replica;
    }

    /**
     * Returns once the client handled every event {@code via} published so far: {@code via} introduces a new Sentinel
     * ({@code +sentinel}), and the client connects to it only after the events before that one.
     */
    void eventsHandled(ScriptedSentinel via) throws IOException {
        ScriptedSentinel introduced = sentinel();
        via.publish(SentinelEvent.NEW_SENTINEL, "sentinel " + Integer.toHexString(introduced.port()) + " "
                + introduced.address() + " @ " + NAME + " " + primary.address());
        Eventually.awaitTrue("the client connected to the Sentinel " + via.endpoint() + " introduced",
                () -> introduced.connectionsAccepted() > 0, BARRIER_WAIT);
    }

    @Override
    public void close() throws Exception {
        for (AutoCloseable server : servers) {
            server.close();
        }
    }
}
