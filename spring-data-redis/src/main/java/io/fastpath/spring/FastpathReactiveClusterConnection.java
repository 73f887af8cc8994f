package io.fastpath.spring;

import static io.fastpath.spring.FastpathConnection.command;

import java.nio.ByteBuffer;
import java.util.Collection;
import java.util.Map;
import java.util.Set;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.redis.connection.ClusterInfo;
import org.springframework.data.redis.connection.ClusterSlotHashUtil;
import org.springframework.data.redis.connection.ReactiveClusterGeoCommands;
import org.springframework.data.redis.connection.ReactiveClusterHashCommands;
import org.springframework.data.redis.connection.ReactiveClusterHyperLogLogCommands;
import org.springframework.data.redis.connection.ReactiveClusterKeyCommands;
import org.springframework.data.redis.connection.ReactiveClusterListCommands;
import org.springframework.data.redis.connection.ReactiveClusterNumberCommands;
import org.springframework.data.redis.connection.ReactiveClusterServerCommands;
import org.springframework.data.redis.connection.ReactiveClusterSetCommands;
import org.springframework.data.redis.connection.ReactiveClusterStreamCommands;
import org.springframework.data.redis.connection.ReactiveClusterStringCommands;
import org.springframework.data.redis.connection.ReactiveClusterZSetCommands;
import org.springframework.data.redis.connection.ReactiveRedisClusterConnection;
import org.springframework.data.redis.connection.RedisClusterNode;
import org.springframework.data.redis.connection.RedisClusterNode.SlotRange;
import org.springframework.util.Assert;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * A {@link FastpathReactiveConnection} on a Redis Cluster: key commands go by their slot through the shared client
 * (MGET, MSET, DEL... split by slot, keyless ones fanned out to every primary) and the cluster-wide commands answer
 * from the cluster itself. As on the blocking cluster connection, what names one chosen {@link RedisClusterNode} and
 * the slot administration (ADDSLOTS, MEET, FORGET, SETSLOT, REPLICATE) fail with
 * {@link InvalidDataAccessApiUsageException}. Thread-safe.
 */
public class FastpathReactiveClusterConnection extends FastpathReactiveConnection implements ReactiveRedisClusterConnection {

    FastpathReactiveClusterConnection(ReactiveRunner runner) {
        super(runner);
    }

    @Override
    public ReactiveClusterKeyCommands keyCommands() {
        return new FastpathReactiveKeyCommands(runner);
    }

    @Override
    public ReactiveClusterStringCommands stringCommands() {
        return new FastpathReactiveStringCommands(runner);
    }

    @Override
    public ReactiveClusterNumberCommands numberCommands() {
        return new FastpathReactiveNumberCommands(runner);
    }

    @Override
    public ReactiveClusterListCommands listCommands() {
        return new FastpathReactiveListCommands(runner);
    }

    @Override
    public ReactiveClusterSetCommands setCommands() {
        return new FastpathReactiveSetCommands(runner);
    }

    @Override
    public ReactiveClusterZSetCommands zSetCommands() {
        return new FastpathReactiveZSetCommands(runner);
    }

    @Override
    public ReactiveClusterHashCommands hashCommands() {
        return new FastpathReactiveHashCommands(runner);
    }

    @Override
    public ReactiveClusterGeoCommands geoCommands() {
        return new FastpathReactiveGeoCommands(runner);
    }

    @Override
    public ReactiveClusterHyperLogLogCommands hyperLogLogCommands() {
        return new FastpathReactiveHyperLogLogCommands(runner);
    }

    @Override
    public ReactiveClusterServerCommands serverCommands() {
        return new FastpathReactiveServerCommands(runner);
    }

    @Override
    public ReactiveClusterStreamCommands streamCommands() {
        return new FastpathReactiveStreamCommands(runner);
    }

    @Override
    public Mono<String> ping(RedisClusterNode node) {
        return refused("PING");
    }

    // ---- ReactiveClusterCommands ----

    @Override
    public Flux<RedisClusterNode> clusterGetNodes() {
        return nodes().flatMapIterable(nodes -> nodes);
    }

    private Mono<Set<RedisClusterNode>> nodes() {
        return runner.execute(command("CLUSTER", "NODES")).map(FastpathClusterConnection::nodes);
    }

    @Override
    public Flux<RedisClusterNode> clusterGetReplicas(RedisClusterNode primary) {
        Assert.notNull(primary, "Master must not be null");
        return nodes().flatMapIterable(nodes -> FastpathClusterConnection.replicasOf(nodes, primary))
                .onErrorMap(ReactiveRunner::translate);
    }

    @Override
    public Mono<Map<RedisClusterNode, Collection<RedisClusterNode>>> clusterGetMasterReplicaMap() {
        return nodes().map(FastpathClusterConnection::primaryReplicaMap);
    }

    @Override
    public Mono<Integer> clusterGetSlotForKey(ByteBuffer key) {
        Assert.notNull(key, "Key must not be null");
        return Mono.fromSupplier(() -> ClusterSlotHashUtil.calculateSlot(ReactiveRunner.bytes(key)));
    }

    @Override
    public Mono<RedisClusterNode> clusterGetNodeForSlot(int slot) {
        return nodes().mapNotNull(nodes -> FastpathClusterConnection.primaryForSlot(nodes, slot));
    }

    @Override
    public Mono<RedisClusterNode> clusterGetNodeForKey(ByteBuffer key) {
        return clusterGetSlotForKey(key).flatMap(this::clusterGetNodeForSlot);
    }

    @Override
    public Mono<ClusterInfo> clusterGetClusterInfo() {
        return runner.execute(command("CLUSTER", "INFO")).map(reply -> new ClusterInfo(Replies.toInfo(reply)));
    }

    @Override
    public Mono<Long> clusterCountKeysInSlot(int slot) {
        return runner.execute(command("CLUSTER", "COUNTKEYSINSLOT", slot)).map(Replies::toLong);
    }

    @Override
    public Flux<ByteBuffer> clusterGetKeysInSlot(int slot, int count) {
        return runner.execute(command("CLUSTER", "GETKEYSINSLOT", slot, count)).map(Replies::toBytesList)
                .flatMapMany(ReactiveRunner::flux);
    }

    @Override
    public Mono<Void> clusterAddSlots(RedisClusterNode node, int... slots) {
        return refused("CLUSTER ADDSLOTS");
    }

    @Override
    public Mono<Void> clusterAddSlots(RedisClusterNode node, SlotRange range) {
        return refused("CLUSTER ADDSLOTS");
    }

    @Override
    public Mono<Void> clusterDeleteSlots(RedisClusterNode node, int... slots) {
        return refused("CLUSTER DELSLOTS");
    }

    @Override
    public Mono<Void> clusterDeleteSlotsInRange(RedisClusterNode node, SlotRange range) {
        return refused("CLUSTER DELSLOTS");
    }

    @Override
    public Mono<Void> clusterForget(RedisClusterNode node) {
        return refused("CLUSTER FORGET");
    }

    @Override
    public Mono<Void> clusterMeet(RedisClusterNode node) {
        return refused("CLUSTER MEET");
    }

    @Override
    public Mono<Void> clusterSetSlot(RedisClusterNode node, int slot, AddSlots mode) {
        return refused("CLUSTER SETSLOT");
    }

    @Override
    public Mono<Void> clusterReplicate(RedisClusterNode primary, RedisClusterNode replica) {
        return refused("CLUSTER REPLICATE");
    }

    private static <T> Mono<T> refused(String command) {
        return Mono.error(FastpathClusterConnection.perNode(command));
    }
}
