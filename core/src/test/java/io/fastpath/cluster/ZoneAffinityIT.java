package io.fastpath.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.CommandListener;
import io.fastpath.Eventually;
import io.fastpath.ObservedCommand;
import io.fastpath.ReadPolicy;
import io.fastpath.RedisClient;
import io.fastpath.RedisEvent;
import io.fastpath.RedisException;
import io.fastpath.Transaction;
import io.fastpath.testkit.RedisCluster;
import io.fastpath.testkit.RedisClusterExtension;
import io.fastpath.testkit.RedisServer;
import io.fastpath.testkit.RespClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Zone-aware reads on 3 primaries with 2 replicas each, the nodes in zones {@code zone-a} and {@code zone-b}
 * (shard s's member m in zone (s + m) mod 2: every shard has a replica in each zone's reach, see each test), the
 * client in {@code zone-a}. Where each read was served is measured on the servers ({@code INFO commandstats},
 * {@code cmdstat_get} calls per node, after {@code CONFIG RESETSTAT}) and from the client's listener
 * ({@link ObservedCommand#serverZone()}).
 *
 * <p>On Valkey 8.0+ the nodes report their zones ({@code availability-zone}) and the tests check the affinity.
 * On Redis, which has no such setting, no node reports a zone, so every node counts as another zone: the same
 * tests check that the zone policies then read from any connected replica (never a primary while one is up),
 * which is what a client in a deployment without zones gets.
 *
 * <p>Fallback and return: a killed replica's connections drop at once (reads skip a node with no ready
 * connection, before any refresh); a refresh drops it from the topology once the cluster flags it failed; after
 * its restart it is back at the next periodic refresh ({@link #REFRESH_PERIOD} here; 30 s by default). A replica
 * restarted before it was dropped is back at its connections' next reconnect instead (backoff up to 2 s).
 */
class ZoneAffinityIT {
    private static final String CLIENT_ZONE = "zone-a";
    private static final String OTHER_ZONE = "zone-b";
    private static final Duration REFRESH_PERIOD = Duration.ofSeconds(2);
    private static final int READS = 20_000;
    private static final int CALLERS = 4;
    private static final Pattern GET_CALLS = Pattern.compile("cmdstat_get:calls=(\\d+)");

    @RegisterExtension
    static final RedisClusterExtension REDIS = RedisClusterExtension.of(RedisCluster.builder()
            .primaries(3).replicasPerPrimary(2).zones(CLIENT_ZONE, OTHER_ZONE));

    @Test
    void readsStayInTheClientsZoneWhileAReplicaThereIsUp() throws Exception {
        RedisCluster cluster = REDIS.cluster();
        List<String> keys = keysOnEveryShard(cluster);
        ServingLog log = new ServingLog();
        Set<String> connected = ConcurrentHashMap.newKeySet();
        try (RedisClient redis = RedisClient.builder().uri(cluster.primaries().get(0).uri()).readPolicy(ReadPolicy.ZONE_AFFINITY)
                .clientZone(CLIENT_ZONE).topologyRefreshPeriod(REFRESH_PERIOD).commandListener(log)
                .eventListener(event -> {
                    if (event instanceof RedisEvent.Connected up) {
                        connected.add(up.node());
                    }
                }).build()) {
            for (String key : keys) {
                redis.set(key, "v");
            }
            awaitReplicated(cluster, keys);
            // A replica's connections come up in the background after the topology is read; until one is ready its
            // reads go to the next choice (docs/topologies.md). The claim is about replicas that are up, so wait for all.
            Eventually.awaitTrue("the client to connect to every node", () -> cluster.nodes().stream()
                    .allMatch(node -> connected.contains(RedisServer.HOST + ":" + node.port())), Duration.ofSeconds(10));
            resetStats(cluster);
            int failures = readConcurrently(redis, keys, READS);
            assertThat(failures).isZero();

            Map<RedisServer, Long> gets = getCalls(cluster);
            long total = gets.values().stream().mapToLong(Long::longValue).sum();
            long inClientZone = sumWhere(gets, node -> CLIENT_ZONE.equals(cluster.zoneOf(node)));
            long onPrimaries = sumWhere(gets, node -> cluster.primaries().contains(node));
            assertThat(total).as("GETs the servers counted").isEqualTo(READS);
            System.out.printf("[zone affinity] %s: %d of %d reads served in %s (%.2f%%), %d by primaries; listener's zones %s%n",
                    cluster.zonesReportedByServers() ? "zones reported" : "no zone reported", inClientZone, total, CLIENT_ZONE,
                    100.0 * inClientZone / total, onPrimaries, log.readsByZone);
            assertThat(onPrimaries).as("reads served by primaries while replicas are up").isZero();
            if (cluster.zonesReportedByServers()) {
                assertThat((double) inClientZone / total).as("share of reads served in the client's zone").isGreaterThanOrEqualTo(0.99);
                assertThat(log.reads(CLIENT_ZONE)).as("reads the listener saw served in the client's zone").isEqualTo(inClientZone);
            } else {
                // No zone anywhere: both replicas of each shard serve reads, and the listener sees no zone.
                for (RedisServer primary : cluster.primaries()) {
                    for (RedisServer replica : cluster.replicasOf(primary)) {
                        assertThat(gets.get(replica)).as("reads served by " + replica).isPositive();
                    }
                }
                assertThat(log.reads(ServingLog.NO_ZONE)).isEqualTo(READS);
            }
        }
    }

    @Test
    void aShardWhoseReplicaInTheClientsZoneDiesReadsFromItsOtherReplicaAndComesBackAfterItsRestart() throws Exception {
        RedisCluster cluster = REDIS.cluster();
        // The shard whose primary is in the other zone: one replica in each zone.
        RedisServer primary = primaryIn(cluster, OTHER_ZONE);
        RedisServer local = replicaOf(cluster, primary, CLIENT_ZONE);
        RedisServer remote = replicaOf(cluster, primary, OTHER_ZONE);
        String key = keyOn(cluster, primary);
        ServingLog log = new ServingLog();
        List<String> removed = new CopyOnWriteArrayList<>();
        try (RedisClient redis = RedisClient.builder().uri(cluster.primaries().get(0).uri()).readPolicy(ReadPolicy.ZONE_AFFINITY)
                .clientZone(CLIENT_ZONE).topologyRefreshPeriod(REFRESH_PERIOD).commandListener(log)
                .eventListener(event -> {
                    if (event instanceof RedisEvent.TopologyChanged change) {
                        removed.addAll(change.nodesRemoved());
                    }
                }).build()) {
            redis.set(key, "v");
            awaitReplicated(cluster, List.of(key));
            resetStats(cluster);
            readConcurrently(redis, List.of(key), 2_000);
            if (cluster.zonesReportedByServers()) {
                assertThat(getCalls(local)).as("reads served by the replica in the client's zone").isEqualTo(2_000);
            } else {
                assertThat(getCalls(local) + getCalls(remote)).isEqualTo(2_000);
            }

            try (ReadLoad load = new ReadLoad(redis, key)) {
                long killedAt = System.nanoTime();
                local.kill9();
                long fellBackAt = log.awaitServedAfter(remote, killedAt, Duration.ofSeconds(10));
                resetStats(cluster);
                readConcurrently(redis, List.of(key), 2_000);
                // The load keeps reading too: every read of the shard is on the remaining replica, none on the primary.
                assertThat(getCalls(remote)).as("reads served by the remaining replica while the other is down")
                        .isGreaterThanOrEqualTo(2_000);
                assertThat(getCalls(primary)).as("reads served by the primary while a replica is up").isZero();

                // Once the cluster flags it failed, a refresh drops it: it can only come back through a later refresh.
                String address = RedisServer.HOST + ":" + local.port();
                Eventually.awaitTrue("the client to drop " + address + " from its topology", () -> removed.contains(address),
                        Duration.ofSeconds(30));
                long droppedAt = System.nanoTime();

                long restartedAt = System.nanoTime();
                local.restart();
                long readyAt = System.nanoTime();
                // Back at the next periodic refresh that finds it online (the cluster clears its failed flag first).
                long backAt = log.awaitServedAfter(local, readyAt, REFRESH_PERIOD.multipliedBy(3).plusSeconds(5));
                load.stop();
                System.out.printf("[zone affinity] kill -> first read on %s's other replica: %d ms; kill -> dropped from the"
                                + " client's topology: %d ms; restart -> ready: %d ms; ready -> first read on it again: %d ms"
                                + " (refresh period %d ms); reads during the load %d, failed %d%n",
                        CLIENT_ZONE, (fellBackAt - killedAt) / 1_000_000, (droppedAt - killedAt) / 1_000_000,
                        (readyAt - restartedAt) / 1_000_000,
                        (backAt - readyAt) / 1_000_000, REFRESH_PERIOD.toMillis(), load.reads.get(), load.failures.get());
                assertThat(load.failures.get()).as("reads that failed: at most those in flight at the kill").isLessThanOrEqualTo(1);
            }
            if (cluster.zonesReportedByServers()) {
                resetStats(cluster);
                readConcurrently(redis, List.of(key), 2_000);
                assertThat(getCalls(local)).as("reads served by the restarted replica in the client's zone").isEqualTo(2_000);
            }
        } finally {
            if (!local.isAlive()) {
                local.restart();
            }
            cluster.awaitStable();
        }
    }

    @Test
    void withThePrimaryAsSecondChoiceAShardReadsFromItsPrimaryInTheClientsZoneBeforeARemoteReplica() throws Exception {
        RedisCluster cluster = REDIS.cluster();
        // The shard whose primary is in the client's zone: a replica in each zone.
        RedisServer primary = primaryIn(cluster, CLIENT_ZONE);
        RedisServer local = replicaOf(cluster, primary, CLIENT_ZONE);
        RedisServer remote = replicaOf(cluster, primary, OTHER_ZONE);
        String key = keyOn(cluster, primary);
        ServingLog log = new ServingLog();
        try (RedisClient redis = client(cluster, ReadPolicy.ZONE_AFFINITY_REPLICAS_AND_PRIMARY, log)) {
            redis.set(key, "v");
            awaitReplicated(cluster, List.of(key));
            resetStats(cluster);
            readConcurrently(redis, List.of(key), 1_000);
            assertThat(getCalls(primary)).as("reads on the primary while a replica in the client's zone is up").isZero();
            if (cluster.zonesReportedByServers()) {
                assertThat(getCalls(local)).as("reads on the replica in the client's zone").isEqualTo(1_000);
            }

            // Valkey: the primary is in the client's zone and comes before the other zone's replica; Redis: no node
            // is in the client's zone, so the remaining replica serves.
            RedisServer next = cluster.zonesReportedByServers() ? primary : remote;
            ReadLoad load = new ReadLoad(redis, key); // reads while the replica dies, so the switch shows in the log
            try {
                long killedAt = System.nanoTime();
                local.kill9();
                log.awaitServedAfter(next, killedAt, Duration.ofSeconds(10));
            } finally {
                load.stop();
            }
            resetStats(cluster);
            readConcurrently(redis, List.of(key), 1_000);
            assertThat(getCalls(next)).as("reads on " + next).isEqualTo(1_000);
        } finally {
            if (!local.isAlive()) {
                local.restart();
            }
            cluster.awaitStable();
        }
    }

    @Test
    void aReplicaThatMovesIntoTheClientsZoneIsSeenAtItsConnectionsNextHandshake() throws Exception {
        RedisCluster cluster = REDIS.cluster();
        RedisServer primary = primaryIn(cluster, OTHER_ZONE);
        RedisServer local = replicaOf(cluster, primary, CLIENT_ZONE);
        RedisServer remote = replicaOf(cluster, primary, OTHER_ZONE);
        String key = keyOn(cluster, primary);
        try (RedisClient redis = client(cluster, ReadPolicy.ZONE_AFFINITY, new ServingLog())) {
            redis.set(key, "v");
            awaitReplicated(cluster, List.of(key));
            resetStats(cluster);
            readConcurrently(redis, List.of(key), 1_000);
            long remoteBefore = getCalls(remote);
            if (cluster.zonesReportedByServers()) {
                assertThat(remoteBefore).as("reads on the other zone's replica").isZero();
                // As a node restarted with another availability-zone would: the zone changes, then the client reconnects.
                remote.call("CONFIG", "SET", "availability-zone", CLIENT_ZONE);
            }
            remote.call("CLIENT", "KILL", "TYPE", "normal"); // the client's connections reconnect and hand-shake again
            Eventually.awaitTrue("reads to reach " + remote + " again", () -> {
                redis.get(key);
                return getCalls(remote) > remoteBefore;
            }, Duration.ofSeconds(10));
            resetStats(cluster);
            readConcurrently(redis, List.of(key), 1_000);
            // Valkey: both replicas are in the client's zone now; Redis: neither ever was. Either way both serve.
            assertThat(getCalls(local)).as("reads on " + local).isPositive();
            assertThat(getCalls(remote)).as("reads on " + remote).isPositive();
            assertThat(getCalls(primary)).as("reads on the primary").isZero();
        } finally {
            if (cluster.zonesReportedByServers()) {
                remote.call("CONFIG", "SET", "availability-zone", OTHER_ZONE);
            }
        }
    }

    @Test
    void readsThatMustSeeTheCallersOwnWritesStayOnThePrimary() throws Exception {
        RedisCluster cluster = REDIS.cluster();
        RedisServer primary = primaryIn(cluster, OTHER_ZONE);
        String key = keyOn(cluster, primary);
        try (RedisClient redis = client(cluster, ReadPolicy.ZONE_AFFINITY, new ServingLog())) {
            redis.set(key, "v");
            awaitReplicated(cluster, List.of(key));
            resetStats(cluster);
            for (int i = 0; i < 100; i++) {
                // In call order (a Spring Data Redis pipeline): a GET after the caller's SET must see it.
                redis.dispatchInCallOrder(redis.commands().set(key, "v" + i));
                assertThat(redis.dispatchInCallOrder(redis.commands().get(key)).get()).isEqualTo("v" + i);
            }
            Transaction tx = redis.multi();
            tx.queue(tx.commands().get(key));
            tx.exec(); // MULTI/EXEC
            redis.watch(List.of(key), watched -> watched.read(watched.commands().get(key))); // a read under WATCH
            redis.get(key); // the plain path: a replica
            assertThat(getCalls(primary)).as("GETs on the primary: in call order, in MULTI/EXEC, under WATCH").isEqualTo(102);
            long onReplicas = 0;
            for (RedisServer replica : cluster.replicasOf(primary)) {
                onReplicas += getCalls(replica);
            }
            assertThat(onReplicas).as("GETs on the replicas: the plain one").isEqualTo(1);
        }
    }

    // ---- the client and the load ----

    private static RedisClient client(RedisCluster cluster, ReadPolicy policy, CommandListener listener) {
        return RedisClient.builder().uri(cluster.primaries().get(0).uri()).readPolicy(policy).clientZone(CLIENT_ZONE)
                .topologyRefreshPeriod(REFRESH_PERIOD).commandListener(listener).build();
    }

    /** {@code count} GETs over {@code keys} from {@link #CALLERS} threads; returns how many failed. */
    private static int readConcurrently(RedisClient redis, List<String> keys, int count) throws InterruptedException {
        AtomicInteger next = new AtomicInteger();
        AtomicInteger failures = new AtomicInteger();
        List<Thread> callers = new ArrayList<>();
        for (int c = 0; c < CALLERS; c++) {
            Thread caller = new Thread(() -> {
                for (int i = next.getAndIncrement(); i < count; i = next.getAndIncrement()) {
                    try {
                        redis.get(keys.get(i % keys.size()));
                    } catch (RedisException failed) {
                        failures.incrementAndGet();
                    }
                }
            });
            caller.start();
            callers.add(caller);
        }
        for (Thread caller : callers) {
            caller.join();
        }
        return failures.get();
    }

    /** One caller reading {@code key} in a loop until stopped, counting reads and failures. */
    private static final class ReadLoad implements AutoCloseable {
        final AtomicLong reads = new AtomicLong();
        final AtomicInteger failures = new AtomicInteger();
        private final AtomicBoolean running = new AtomicBoolean(true);
        private final Thread caller;

        ReadLoad(RedisClient redis, String key) {
            caller = new Thread(() -> {
                while (running.get()) {
                    try {
                        redis.get(key);
                        reads.incrementAndGet();
                    } catch (RedisException failed) {
                        failures.incrementAndGet();
                    }
                }
            });
            caller.start();
        }

        void stop() {
            running.set(false);
            try {
                caller.join();
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while stopping the read load", interrupted);
            }
        }

        @Override
        public void close() {
            stop();
        }
    }

    /** Where reads were served, as the client's listener saw them. */
    private static final class ServingLog implements CommandListener {
        static final String NO_ZONE = "none";
        final Map<String, LongAdder> readsByZone = new ConcurrentHashMap<>();
        /** The latest {@link System#nanoTime()} at which each node ({@code host:port}) answered a read. */
        final Map<String, AtomicLong> lastServedNanos = new ConcurrentHashMap<>();

        @Override
        public void commandCompleted(ObservedCommand command) {
            if (!command.readOnly() || command.replyNanos() == 0 || command.outcome() != ObservedCommand.Outcome.SUCCESS) {
                return;
            }
            String zone = command.serverZone();
            readsByZone.computeIfAbsent(zone == null ? NO_ZONE : zone, z -> new LongAdder()).increment();
            lastServedNanos.computeIfAbsent(command.node(), n -> new AtomicLong()).accumulateAndGet(command.replyNanos(), Math::max);
        }

        long reads(String zone) {
            LongAdder count = readsByZone.get(zone);
            return count == null ? 0 : count.sum();
        }

        /** Waits until {@code node} answers a read after {@code sinceNanos}; returns when it did. */
        long awaitServedAfter(RedisServer node, long sinceNanos, Duration within) {
            String address = RedisServer.HOST + ":" + node.port();
            return Eventually.await(node + " to serve a read", () -> {
                AtomicLong last = lastServedNanos.get(address);
                return last == null ? 0L : last.get();
            }, last -> last > sinceNanos, within);
        }
    }

    // ---- the cluster ----

    private static RedisServer primaryIn(RedisCluster cluster, String zone) {
        return cluster.primaries().stream().filter(p -> zone.equals(cluster.zoneOf(p))).findFirst().orElseThrow();
    }

    private static RedisServer replicaOf(RedisCluster cluster, RedisServer primary, String zone) {
        return cluster.replicasOf(primary).stream().filter(r -> zone.equals(cluster.zoneOf(r))).findFirst().orElseThrow();
    }

    private static String keyOn(RedisCluster cluster, RedisServer primary) {
        for (int i = 0; ; i++) {
            String key = "zone:" + i;
            if (cluster.nodeForSlot(cluster.keySlot(key)) == primary) {
                return key;
            }
        }
    }

    /** 30 keys on each primary. */
    private static List<String> keysOnEveryShard(RedisCluster cluster) {
        List<String> keys = new ArrayList<>();
        for (RedisServer primary : cluster.primaries()) {
            int found = 0;
            for (int i = 0; found < 30; i++) {
                String key = "zone:" + i;
                if (cluster.nodeForSlot(cluster.keySlot(key)) == primary) {
                    keys.add(key);
                    found++;
                }
            }
        }
        return keys;
    }

    /** Waits until every replica holds every key (replication is asynchronous; a read must not find nothing). */
    private static void awaitReplicated(RedisCluster cluster, List<String> keys) {
        for (RedisServer primary : cluster.primaries()) {
            for (RedisServer replica : cluster.replicasOf(primary)) {
                if (!replica.isAlive()) {
                    continue;
                }
                Eventually.awaitTrue(replica + " to hold the keys", () -> {
                    try (RespClient connection = replica.admin()) {
                        connection.call("READONLY"); // a replica answers its shard's keys on this connection
                        for (String key : keys) {
                            if (cluster.nodeForSlot(cluster.keySlot(key)) == primary
                                    && ((Number) connection.call("EXISTS", key)).longValue() == 0) {
                                return false;
                            }
                        }
                    }
                    return true;
                }, Duration.ofSeconds(10));
            }
        }
    }

    private static void resetStats(RedisCluster cluster) {
        for (RedisServer node : cluster.nodes()) {
            if (node.isAlive()) {
                node.call("CONFIG", "RESETSTAT");
            }
        }
    }

    private static Map<RedisServer, Long> getCalls(RedisCluster cluster) {
        Map<RedisServer, Long> calls = new HashMap<>();
        for (RedisServer node : cluster.nodes()) {
            calls.put(node, node.isAlive() ? getCalls(node) : 0L);
        }
        return calls;
    }

    /** GETs {@code node} ran since its last CONFIG RESETSTAT, from its own INFO commandstats. */
    private static long getCalls(RedisServer node) {
        Matcher matcher = GET_CALLS.matcher((String) node.call("INFO", "commandstats"));
        return matcher.find() ? Long.parseLong(matcher.group(1)) : 0;
    }

    private static long sumWhere(Map<RedisServer, Long> calls, java.util.function.Predicate<RedisServer> which) {
        return calls.entrySet().stream().filter(e -> which.test(e.getKey())).mapToLong(Map.Entry::getValue).sum();
    }
}
