package io.fastpath.internal.client;

import io.fastpath.ReadPolicy;
import io.fastpath.RedisClient;
import io.fastpath.TestConnectionSettings;
import io.fastpath.internal.connection.Connection;
import io.fastpath.internal.connection.ConnectionSettings;
import io.fastpath.internal.connection.Endpoint;
import java.time.Duration;

/**
 * For {@code microbenchmarks/ReplicaSelectorBenchmark}: one shard as a read sees it, a primary in zone-b and two
 * connected replicas, one in zone-a (the client's) and one in zone-b, so each pick under a zone policy compares
 * zones; {@link #select} is one call of {@link ReplicaSelector#select}. The nodes are never started: readiness is
 * fixed, as a shard with every connection up.
 */
public final class ReplicaSelectorBenchmarkFixture implements AutoCloseable {
    private static final String CLIENT_ZONE = new String("zone-a").intern(); // as ClientSettings interns it

    private final ClientResources resources = new ClientResources(1, null, true);
    private final ConnectionSettings settings =
            TestConnectionSettings.of(RedisClient.builder().connectTimeout(Duration.ofSeconds(1)), resources);
    private final ServerNode primary;
    private final ServerNode[] replicas;

    public ReplicaSelectorBenchmarkFixture() {
        primary = node(7000, "zone-b");
        replicas = new ServerNode[] {node(7001, "zone-b"), node(7002, "zone-a")};
    }

    private ServerNode node(int port, String zone) {
        Endpoint endpoint = new Endpoint("127.0.0.1", port);
        ServerZone serverZone = new ServerZone();
        serverZone.reported(zone);
        Connection connection = new Connection(endpoint, settings, resources.nextEventLoop(), resources.channelType());
        return new ServerNode(endpoint, new NodeConnections(new Connection[] {connection}), serverZone) {
            @Override
            public boolean isReady() {
                return true;
            }
        };
    }

    public ServerNode select(ReadPolicy policy) {
        return ReplicaSelector.select(policy, CLIENT_ZONE, primary, replicas);
    }

    @Override
    public void close() {
        resources.close();
    }
}
