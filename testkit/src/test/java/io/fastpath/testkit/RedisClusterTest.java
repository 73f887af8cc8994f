package io.fastpath.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class RedisClusterTest {

    @RegisterExtension
    static RedisClusterExtension redis = RedisClusterExtension.of(
            RedisCluster.builder().primaries(3).replicasPerPrimary(1).nodeTimeout(Duration.ofMillis(1000)));

    @Test
    void threePrimaryClusterWithOneReplicaEachReachesStateOk() {
        RedisCluster cluster = redis.cluster();
        assertThat(cluster.nodes()).hasSize(6);
        for (RedisServer node : cluster.nodes()) {
            assertThat((String) node.call("CLUSTER", "INFO")).contains("cluster_state:ok");
        }
        List<RedisServer> primaries = cluster.primaries();
        assertThat(primaries).hasSize(3);
        for (RedisServer primary : primaries) {
            assertThat(cluster.replicasOf(primary)).hasSize(1);
        }
    }

    @Test
    void keySlotAgreesWithClusterKeyslotForAThousandKeysIncludingHashtags() {
        RedisCluster cluster = redis.cluster();
        List<String> keys = new ArrayList<>();
        for (int index = 0; index < 700; index++) {
            keys.add("key:" + index);
        }
        for (int index = 0; index < 250; index++) {
            keys.add("{user" + index + "}.profile");
        }
        keys.addAll(List.of("{}", "{}x", "x{}y", "{a}{b}", "a{b}c{d}", "{", "}", "}{", "a{b", "", "ü{ß}",
                "foo{}{bar}", "{{x}}", "prefix{}suffix"));
        for (int index = 0; keys.size() < 1000; index++) {
            keys.add("mixed{" + (index % 7) + "}" + index);
        }
        assertThat(keys).hasSize(1000);
        try (RespClient client = cluster.nodes().get(0).admin()) {
            for (String key : keys) {
                assertThat(cluster.keySlot(key)).as("slot of '%s'", key)
                        .isEqualTo(((Long) client.call("CLUSTER", "KEYSLOT", key)).intValue());
            }
        }
    }

    @Test
    void nodeForSlotNamesThePrimaryThatAcceptsTheKey() {
        RedisCluster cluster = redis.cluster();
        String key = "owner-check";
        RedisServer owner = cluster.nodeForSlot(cluster.keySlot(key));
        assertThat(owner.call("SET", key, "here")).isEqualTo("OK");
        RedisServer other = cluster.primaries().stream().filter(node -> node != owner).findFirst().orElseThrow();
        assertThatThrownBy(() -> other.call("GET", key)).isInstanceOf(RespServerError.class)
                .hasMessageStartingWith("MOVED " + cluster.keySlot(key) + " ");
    }

    @Test
    void migrateSlotMovesItsKeysToTheNewOwner() {
        RedisCluster cluster = redis.cluster();
        int slot = cluster.keySlot("{migrate}");
        RedisServer source = cluster.nodeForSlot(slot);
        for (int index = 0; index < 250; index++) {
            source.call("SET", "{migrate}" + index, "value" + index);
        }
        RedisServer target = cluster.primaries().stream().filter(node -> node != source).findFirst().orElseThrow();

        cluster.migrateSlot(slot, target);

        assertThat(cluster.nodeForSlot(slot)).isSameAs(target);
        assertThat(target.call("CLUSTER", "COUNTKEYSINSLOT", Integer.toString(slot))).isEqualTo(250L);
        assertThat(source.call("CLUSTER", "COUNTKEYSINSLOT", Integer.toString(slot))).isEqualTo(0L);
        assertThat(target.call("GET", "{migrate}17")).isEqualTo("value17");
        for (RedisServer node : cluster.primaries()) {
            assertThat(cluster.nodeForSlot(slot)).isSameAs(target);
            if (node != target) {
                assertThatThrownBy(() -> node.call("GET", "{migrate}17"))
                        .hasMessageStartingWith("MOVED " + slot + " 127.0.0.1:" + target.port());
            }
        }
    }

    @Test
    void stepByStepMigrationAnswersAskForMovedKeysUntilFinished() {
        RedisCluster cluster = redis.cluster();
        int slot = cluster.keySlot("{stepwise}");
        RedisServer source = cluster.nodeForSlot(slot);
        for (int index = 0; index < 10; index++) {
            source.call("SET", "{stepwise}" + index, "v" + index);
        }
        RedisServer target = cluster.primaries().stream().filter(node -> node != source).findFirst().orElseThrow();

        cluster.beginMigration(slot, target);
        int moved = cluster.migrateKeys(slot, 4);
        assertThat(moved).isEqualTo(4);
        assertThat(target.call("CLUSTER", "COUNTKEYSINSLOT", Integer.toString(slot))).isEqualTo(4L);
        assertThat(source.call("CLUSTER", "COUNTKEYSINSLOT", Integer.toString(slot))).isEqualTo(6L);
        String movedKey = firstKeyIn(target, slot);
        assertThatThrownBy(() -> source.call("GET", movedKey)).hasMessageStartingWith("ASK " + slot);
        try (RespClient client = target.admin()) {
            assertThat(client.call("ASKING")).isEqualTo("OK");
            assertThat(client.call("GET", movedKey)).isEqualTo("v" + movedKey.substring("{stepwise}".length()));
        }

        int remaining = 0;
        for (int round = cluster.migrateKeys(slot, 4); round > 0; round = cluster.migrateKeys(slot, 4)) {
            remaining += round;
        }
        assertThat(remaining).isEqualTo(6);
        cluster.finishMigration(slot, target);

        assertThat(cluster.nodeForSlot(slot)).isSameAs(target);
        assertThat(target.call("CLUSTER", "COUNTKEYSINSLOT", Integer.toString(slot))).isEqualTo(10L);
    }

    @Test
    void failoverSwapsTheRolesOfPrimaryAndReplica() {
        RedisCluster cluster = redis.cluster();
        RedisServer primary = primaryWithReplica(cluster);
        RedisServer replica = cluster.replicasOf(primary).get(0);

        cluster.failover(replica);

        assertThat(cluster.primaries()).contains(replica).doesNotContain(primary);
        assertThat(cluster.replicasOf(replica)).containsExactly(primary);
    }

    @Test
    void killedPrimaryIsReplacedByItsReplicaAndRejoinsAsReplicaAfterRestart() {
        RedisCluster cluster = redis.cluster();
        RedisServer primary = primaryWithReplica(cluster);
        RedisServer replica = cluster.replicasOf(primary).get(0);
        int slot = firstSlotServedBy(cluster, primary);

        cluster.killPrimary(primary);
        RedisServer promoted = cluster.awaitPromotion(primary);

        assertThat(promoted).isSameAs(replica);
        assertThat(cluster.nodeForSlot(slot)).isSameAs(replica);
        assertThat(primary.isAlive()).isFalse();

        primary.restart();
        cluster.awaitStable();
        assertThat(cluster.replicasOf(replica)).containsExactly(primary);
    }

    @Test
    void takeoverPromotesTheReplicaWithoutAskingTheOtherPrimaries() {
        RedisCluster cluster = redis.cluster();
        RedisServer primary = primaryWithReplica(cluster);
        RedisServer replica = cluster.replicasOf(primary).get(0);

        cluster.takeover(replica);

        assertThat(cluster.primaries()).contains(replica).doesNotContain(primary);
        assertThat(cluster.replicasOf(replica)).containsExactly(primary);
    }

    @Test
    void forcedFailoverReplacesAPausedPrimaryWhichRejoinsAsReplicaAfterResume() {
        RedisCluster cluster = redis.cluster();
        RedisServer primary = primaryWithReplica(cluster);
        RedisServer replica = cluster.replicasOf(primary).get(0);

        primary.pause();
        try {
            cluster.failoverForce(replica);
            assertThat(cluster.primaries()).contains(replica).doesNotContain(primary);
        } finally {
            primary.resume();
        }
        cluster.awaitStable();
        assertThat(cluster.replicasOf(replica)).containsExactly(primary);
    }

    private static RedisServer primaryWithReplica(RedisCluster cluster) {
        return cluster.primaries().stream()
                .filter(primary -> !cluster.replicasOf(primary).isEmpty())
                .findFirst()
                .orElseThrow(() -> new AssertionError("no primary with a replica in " + cluster));
    }

    private static int firstSlotServedBy(RedisCluster cluster, RedisServer primary) {
        for (int slot = 0; slot < KeySlots.SLOT_COUNT; slot += 64) {
            if (cluster.nodeForSlot(slot) == primary) {
                return slot;
            }
        }
        throw new AssertionError(primary + " serves no slot");
    }

    private static String firstKeyIn(RedisServer node, int slot) {
        List<?> keys = (List<?>) node.call("CLUSTER", "GETKEYSINSLOT", Integer.toString(slot), "1");
        return keys.stream().map(String.class::cast).collect(Collectors.toList()).get(0);
    }
}
