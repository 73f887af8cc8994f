package io.fastpath.internal.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.command.Reply;
import io.fastpath.internal.connection.Endpoint;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ClusterTopologyParserTest {

    private static Reply bulk(String text) {
        return new Reply.BulkStringReply(text.getBytes(StandardCharsets.UTF_8));
    }

    private static Reply integer(long value) {
        return new Reply.IntegerReply(value);
    }

    private static Reply array(Reply... elements) {
        return new Reply.ArrayReply(List.of(elements));
    }

    private static Reply node(int port, String role, String health) {
        Map<Reply, Reply> fields = new LinkedHashMap<>();
        fields.put(bulk("id"), bulk("id" + port));
        fields.put(bulk("port"), integer(port));
        fields.put(bulk("ip"), bulk("10.0.0.1"));
        fields.put(bulk("endpoint"), bulk("10.0.0.1"));
        fields.put(bulk("role"), bulk(role));
        fields.put(bulk("health"), bulk(health));
        return new Reply.MapReply(fields);
    }

    private static Reply flatNode(int port, String role, String health) {
        return array(bulk("port"), integer(port), bulk("ip"), bulk("10.0.0.2"), bulk("endpoint"), bulk("?"),
                bulk("role"), bulk(role), bulk("health"), bulk(health));
    }

    @Test
    void resp3ShardsKeepTheOnlinePrimaryAndLeaveOutFailedReplicas() {
        Map<Reply, Reply> shard = new LinkedHashMap<>();
        shard.put(bulk("slots"), array(integer(0), integer(99), integer(200), integer(299)));
        shard.put(bulk("nodes"), array(node(7000, "master", "failed"), node(7001, "master", "online"),
                node(7002, "replica", "online"), node(7003, "replica", "failed"), node(7004, "replica", "loading")));
        ClusterTopology topology = ClusterTopologyParser.fromShards(array(new Reply.MapReply(shard)));

        assertThat(topology.shards()).hasSize(1);
        ClusterTopology.Shard only = topology.shards().get(0);
        assertThat(only.primary()).isEqualTo(new Endpoint("10.0.0.1", 7001));
        assertThat(only.replicas()).containsExactly(new Endpoint("10.0.0.1", 7002), new Endpoint("10.0.0.1", 7004));
        assertThat(topology.coveredSlots()).isEqualTo(200);
    }

    @Test
    void aReplicaFlaggedFailAsValkeyAndRedisAnswerIsLeftOut() {
        // Valkey 8.0.1's health of a killed replica once the cluster flagged it (captured): "fail", not the documented "failed".
        Map<Reply, Reply> shard = new LinkedHashMap<>();
        shard.put(bulk("slots"), array(integer(10923), integer(16383)));
        shard.put(bulk("nodes"), array(node(7000, "master", "online"), node(7001, "replica", "fail"),
                node(7002, "replica", "online")));
        ClusterTopology topology = ClusterTopologyParser.fromShards(array(new Reply.MapReply(shard)));

        assertThat(topology.shards().get(0).replicas()).containsExactly(new Endpoint("10.0.0.1", 7002));
    }

    @Test
    void aShardListingTwoOnlinePrimariesMidFailoverRoutesToTheFirstAndKeepsTheOtherKnown() {
        // What Valkey 8.0 answers for a moment during CLUSTER FAILOVER (captured from 8.0.1): the demoted
        // primary and the promoted replica, both masters of the same shard.
        Map<Reply, Reply> shard = new LinkedHashMap<>();
        shard.put(bulk("slots"), array(integer(0), integer(5460)));
        shard.put(bulk("nodes"), array(node(7000, "master", "online"), node(7001, "master", "online")));
        ClusterTopology topology = ClusterTopologyParser.fromShards(array(new Reply.MapReply(shard)));

        assertThat(topology.shards()).hasSize(1);
        assertThat(topology.shards().get(0).primary()).isEqualTo(new Endpoint("10.0.0.1", 7000));
        assertThat(topology.slotless()).containsExactly(new Endpoint("10.0.0.1", 7001));
    }

    @Test
    void aTlsClientTakesEachNodesTlsPortAndAPlainClientItsPlainPort() {
        Map<Reply, Reply> primary = new LinkedHashMap<>();
        primary.put(bulk("port"), integer(7000));
        primary.put(bulk("tls-port"), integer(8000));
        primary.put(bulk("endpoint"), bulk("10.0.0.1"));
        primary.put(bulk("role"), bulk("master"));
        primary.put(bulk("health"), bulk("online"));
        Map<Reply, Reply> shard = new LinkedHashMap<>();
        shard.put(bulk("slots"), array(integer(0), integer(16383)));
        shard.put(bulk("nodes"), array(new Reply.MapReply(primary)));
        Reply reply = array(new Reply.MapReply(shard));

        assertThat(ClusterTopologyParser.fromShards(reply, true).shards().get(0).primary()).isEqualTo(new Endpoint("10.0.0.1", 8000));
        assertThat(ClusterTopologyParser.fromShards(reply, false).shards().get(0).primary()).isEqualTo(new Endpoint("10.0.0.1", 7000));
    }

    @Test
    void aReplicaListedAloneWithoutSlotsIsCountedUnplacedAndAnEmptyShardWithItsMasterIsNot() {
        // What Valkey 8.0.1 answered in ClusterStartIT (captured): the paused replica of a just-attached pair alone in a
        // shard without slots, "loading", while the node had not yet had the replica's shard id.
        Map<Reply, Reply> owning = new LinkedHashMap<>();
        owning.put(bulk("slots"), array(integer(0), integer(16383)));
        owning.put(bulk("nodes"), array(node(7000, "master", "online")));
        Map<Reply, Reply> alone = new LinkedHashMap<>();
        alone.put(bulk("slots"), array());
        alone.put(bulk("nodes"), array(node(7001, "replica", "loading")));
        Map<Reply, Reply> empty = new LinkedHashMap<>();
        empty.put(bulk("slots"), array());
        empty.put(bulk("nodes"), array(node(7002, "master", "online"), node(7003, "replica", "online")));

        ClusterTopology unplaced = ClusterTopologyParser.fromShards(array(new Reply.MapReply(owning), new Reply.MapReply(alone)));
        ClusterTopology placedOrEmpty = ClusterTopologyParser.fromShards(array(new Reply.MapReply(owning), new Reply.MapReply(empty)));

        assertThat(unplaced.unplacedReplicas()).isEqualTo(1);
        assertThat(unplaced.nodeCount()).isEqualTo(1);
        assertThat(placedOrEmpty.unplacedReplicas()).isZero();
    }

    @Test
    void resp2ShardsUseTheIpWhenTheEndpointIsUnknownAndSkipShardsWithoutSlots() {
        Reply withSlots = array(bulk("slots"), array(integer(0), integer(16383)), bulk("nodes"),
                array(flatNode(7000, "master", "failed")));
        Reply empty = array(bulk("slots"), array(), bulk("nodes"), array(flatNode(7005, "master", "online")));
        ClusterTopology topology = ClusterTopologyParser.fromShards(array(withSlots, empty));

        assertThat(topology.shards()).hasSize(1);
        assertThat(topology.shards().get(0).primary()).isEqualTo(new Endpoint("10.0.0.2", 7000));
        assertThat(topology.coveredSlots()).isEqualTo(16384);
        assertThat(topology.slotless()).containsExactly(new Endpoint("10.0.0.2", 7005));
    }

    @Test
    void clusterSlotsRangesOfOnePrimaryFormOneShard() {
        Reply first = array(integer(0), integer(10), array(bulk("127.0.0.1"), integer(7000), bulk("a")),
                array(bulk("127.0.0.1"), integer(7003), bulk("d")));
        Reply second = array(integer(11), integer(20), array(bulk("127.0.0.1"), integer(7001), bulk("b")));
        Reply third = array(integer(21), integer(30), array(bulk("127.0.0.1"), integer(7000), bulk("a")));
        ClusterTopology topology = ClusterTopologyParser.fromSlots(array(first, second, third));

        assertThat(topology.shards()).hasSize(2);
        List<int[]> ranges = new ArrayList<>(topology.shards().get(0).slotRanges());
        assertThat(ranges).hasSize(2);
        assertThat(topology.shards().get(0).replicas()).containsExactly(new Endpoint("127.0.0.1", 7003));
        assertThat(topology.coveredSlots()).isEqualTo(31);
    }

    private static Reply namedNode(int port, String endpoint, String hostname) {
        Map<Reply, Reply> fields = new LinkedHashMap<>();
        fields.put(bulk("port"), integer(port));
        fields.put(bulk("ip"), bulk("10.0.0.3"));
        fields.put(bulk("endpoint"), bulk(endpoint));
        fields.put(bulk("hostname"), bulk(hostname));
        fields.put(bulk("role"), bulk("master"));
        fields.put(bulk("health"), bulk("online"));
        return new Reply.MapReply(fields);
    }

    private static Endpoint primaryOf(Reply node) {
        Map<Reply, Reply> shard = new LinkedHashMap<>();
        shard.put(bulk("slots"), array(integer(0), integer(16383)));
        shard.put(bulk("nodes"), array(node));
        return ClusterTopologyParser.fromShards(array(new Reply.MapReply(shard))).shards().get(0).primary();
    }

    @Test
    void aNodeThatPrefersItsHostnameIsDialledByThatName() {
        assertThat(primaryOf(namedNode(7000, "node-a.cache.example", "node-a.cache.example")))
                .isEqualTo(new Endpoint("node-a.cache.example", 7000));
    }

    @Test
    void anUnknownEndpointFallsBackToTheNodesIp() {
        assertThat(primaryOf(namedNode(7000, "?", ""))).isEqualTo(new Endpoint("10.0.0.3", 7000));
    }

    @Test
    void anEmptyEndpointFallsBackToTheNodesIp() {
        assertThat(primaryOf(namedNode(7000, "", ""))).isEqualTo(new Endpoint("10.0.0.3", 7000));
    }

    @Test
    void clusterSlotsDialsTheAnnouncedHostnameAndTheIpFromMetadataWhenTheEndpointIsUnknown() {
        Map<Reply, Reply> metadata = new LinkedHashMap<>();
        metadata.put(bulk("ip"), bulk("10.0.0.4"));
        Reply range = array(integer(0), integer(16383),
                array(bulk("node-a.cache.example"), integer(7000), bulk("a")),
                array(bulk("?"), integer(7003), bulk("d"), new Reply.MapReply(metadata)));
        ClusterTopology topology = ClusterTopologyParser.fromSlots(array(range));

        assertThat(topology.shards().get(0).primary()).isEqualTo(new Endpoint("node-a.cache.example", 7000));
        assertThat(topology.shards().get(0).replicas()).containsExactly(new Endpoint("10.0.0.4", 7003));
    }
}
