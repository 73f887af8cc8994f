package io.fastpath.spring;

import static io.fastpath.spring.FastpathConnection.command;

import io.fastpath.RedisClient;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.redis.connection.ClusterInfo;
import org.springframework.data.redis.connection.ClusterSlotHashUtil;
import org.springframework.data.redis.connection.RedisClusterConnection;
import org.springframework.data.redis.connection.RedisClusterNode;
import org.springframework.data.redis.connection.RedisClusterNode.SlotRange;
import org.springframework.data.redis.connection.RedisClusterServerCommands;
import org.springframework.data.redis.connection.RedisServerCommands.FlushOption;
import org.springframework.data.redis.connection.RedisKeyCommands;
import org.springframework.data.redis.connection.RedisListCommands;
import org.springframework.data.redis.connection.RedisSetCommands;
import org.springframework.data.redis.connection.RedisStringCommands;
import org.springframework.data.redis.connection.convert.Converters;
import org.springframework.data.redis.core.Cursor;
import org.springframework.data.redis.core.ScanOptions;
import org.springframework.data.redis.core.types.RedisClientInfo;

/**
 * A {@link FastpathConnection} on a Redis Cluster: every key command goes by its slot through the shared client
 * (multi-key commands split by slot, keyless ones fanned out to every primary), and the cluster-wide commands of
 * {@link RedisClusterConnection} answer from the cluster itself. The multi-key commands that Spring's Lettuce and Jedis
 * cluster connections compute in the client when their keys span slots (SINTER, SUNION, SDIFF and their STORE forms,
 * SINTERCARD, SMOVE; RENAME, RENAMENX, SORT ... STORE; RPOPLPUSH, BRPOPLPUSH; MSETNX) are computed the same way here,
 * by the {@code FastpathCluster*Commands}; other multi-key commands across slots are refused before sending, as Spring's
 * drivers refuse them. What Fastpath's public API cannot do is one command to one chosen node, so the methods that name a {@link RedisClusterNode} and the slot-administration commands
 * (ADDSLOTS, MEET, FORGET, SETSLOT, REPLICATE) throw {@link InvalidDataAccessApiUsageException}: run them with
 * {@code redis-cli -c}. Caller thread only.
 */
public class FastpathClusterConnection extends FastpathConnection implements RedisClusterConnection {

    // Caller thread only; each group made on its first use, as FastpathConnection's.
    private ClusterServerCommands clusterServerCommands;
    private FastpathClusterSetCommands clusterSetCommands;
    private FastpathClusterKeyCommands clusterKeyCommands;
    private FastpathClusterListCommands clusterListCommands;
    private FastpathClusterStringCommands clusterStringCommands;

    FastpathClusterConnection(FastpathConnectionFactory factory, RedisClient client) {
        super(factory, client);
    }

    static InvalidDataAccessApiUsageException perNode(String what) {
        return new InvalidDataAccessApiUsageException(what + " on one chosen cluster node is not supported by Fastpath's"
                + " cluster connection (the client routes by slot and fans keyless commands out to every primary);"
                + " use the cluster-wide form, or redis-cli against that node");
    }

    @Override
    public void select(int dbIndex) {
        if (dbIndex == 0) {
            return;
        }
        throw new InvalidDataAccessApiUsageException("Cannot SELECT non zero index in cluster mode"); // a cluster has database 0 only
    }

    // ---- RedisClusterConnection ----

    @Override
    public String ping(RedisClusterNode node) {
        throw perNode("PING");
    }

    @Override
    public Set<byte[]> keys(RedisClusterNode node, byte[] pattern) {
        throw perNode("KEYS");
    }

    @Override
    public Cursor<byte[]> scan(RedisClusterNode node, ScanOptions options) {
        throw perNode("SCAN");
    }

    @Override
    public byte[] randomKey(RedisClusterNode node) {
        throw perNode("RANDOMKEY");
    }

    @Override
    public org.springframework.data.redis.connection.RedisClusterCommands clusterCommands() {
        return this;
    }

    @Override
    public RedisClusterServerCommands serverCommands() {
        if (clusterServerCommands == null) {
            clusterServerCommands = new ClusterServerCommands();
        }
        return clusterServerCommands;
    }

    @Override
    public RedisSetCommands setCommands() {
        if (clusterSetCommands == null) {
            clusterSetCommands = new FastpathClusterSetCommands(this);
        }
        return clusterSetCommands;
    }

    @Override
    public RedisKeyCommands keyCommands() {
        if (clusterKeyCommands == null) {
            clusterKeyCommands = new FastpathClusterKeyCommands(this);
        }
        return clusterKeyCommands;
    }

    @Override
    public RedisListCommands listCommands() {
        if (clusterListCommands == null) {
            clusterListCommands = new FastpathClusterListCommands(this);
        }
        return clusterListCommands;
    }

    @Override
    public RedisStringCommands stringCommands() {
        if (clusterStringCommands == null) {
            clusterStringCommands = new FastpathClusterStringCommands(this);
        }
        return clusterStringCommands;
    }

    // ---- RedisClusterCommands ----

    @Override
    public Iterable<RedisClusterNode> clusterGetNodes() {
        return invoke(command("CLUSTER", "NODES"), FastpathClusterConnection::nodes);
    }

    /** CLUSTER NODES as Spring's nodes. */
    static Set<RedisClusterNode> nodes(io.fastpath.command.Reply reply) {
        return Converters.toSetOfRedisClusterNodes(Replies.toText(reply));
    }

    @Override
    public Collection<RedisClusterNode> clusterGetReplicas(RedisClusterNode primary) {
        return replicasOf(clusterGetNodes(), primary);
    }

    @Override
    public Map<RedisClusterNode, Collection<RedisClusterNode>> clusterGetMasterReplicaMap() {
        return primaryReplicaMap(clusterGetNodes());
    }

    /** The replicas of {@code primary} (known by its id, or its host and port) among {@code nodes}. */
    static Collection<RedisClusterNode> replicasOf(Iterable<RedisClusterNode> nodes, RedisClusterNode primary) {
        Set<RedisClusterNode> replicas = new LinkedHashSet<>();
        RedisClusterNode known = find(nodes, primary);
        for (RedisClusterNode node : nodes) {
            if (known.getId() != null && known.getId().equals(node.getMasterId())) {
                replicas.add(node);
            }
        }
        return replicas;
    }

    static Map<RedisClusterNode, Collection<RedisClusterNode>> primaryReplicaMap(Iterable<RedisClusterNode> nodes) {
        Map<RedisClusterNode, Collection<RedisClusterNode>> map = new LinkedHashMap<>();
        for (RedisClusterNode node : nodes) {
            if (node.isMaster()) {
                Set<RedisClusterNode> replicas = new LinkedHashSet<>();
                for (RedisClusterNode candidate : nodes) {
                    if (node.getId().equals(candidate.getMasterId())) {
                        replicas.add(candidate);
                    }
                }
                map.put(node, replicas);
            }
        }
        return map;
    }

    /** The primary serving {@code slot} among {@code nodes}, or null. */
    static RedisClusterNode primaryForSlot(Iterable<RedisClusterNode> nodes, int slot) {
        for (RedisClusterNode node : nodes) {
            if (node.isMaster() && node.servesSlot(slot)) {
                return node;
            }
        }
        return null;
    }

    @Override
    public Integer clusterGetSlotForKey(byte[] key) {
        return ClusterSlotHashUtil.calculateSlot(key);
    }

    @Override
    public RedisClusterNode clusterGetNodeForSlot(int slot) {
        return primaryForSlot(clusterGetNodes(), slot);
    }

    @Override
    public RedisClusterNode clusterGetNodeForKey(byte[] key) {
        return clusterGetNodeForSlot(clusterGetSlotForKey(key));
    }

    @Override
    public ClusterInfo clusterGetClusterInfo() {
        return invoke(command("CLUSTER", "INFO"), reply -> new ClusterInfo(Replies.toInfo(reply)));
    }

    @Override
    public void clusterAddSlots(RedisClusterNode node, int... slots) {
        throw perNode("CLUSTER ADDSLOTS");
    }

    @Override
    public void clusterAddSlots(RedisClusterNode node, SlotRange range) {
        throw perNode("CLUSTER ADDSLOTS");
    }

    @Override
    public Long clusterCountKeysInSlot(int slot) {
        return invoke(command("CLUSTER", "COUNTKEYSINSLOT", slot), Replies::toLong);
    }

    @Override
    public void clusterDeleteSlots(RedisClusterNode node, int... slots) {
        throw perNode("CLUSTER DELSLOTS");
    }

    @Override
    public void clusterDeleteSlotsInRange(RedisClusterNode node, SlotRange range) {
        throw perNode("CLUSTER DELSLOTS");
    }

    @Override
    public void clusterForget(RedisClusterNode node) {
        throw perNode("CLUSTER FORGET");
    }

    @Override
    public void clusterMeet(RedisClusterNode node) {
        throw perNode("CLUSTER MEET");
    }

    @Override
    public void clusterSetSlot(RedisClusterNode node, int slot, AddSlots mode) {
        throw perNode("CLUSTER SETSLOT");
    }

    @Override
    public List<byte[]> clusterGetKeysInSlot(int slot, Integer count) {
        return invoke(command("CLUSTER", "GETKEYSINSLOT", slot, count == null ? Integer.MAX_VALUE : count), Replies::toBytesList);
    }

    @Override
    public void clusterReplicate(RedisClusterNode primary, RedisClusterNode replica) {
        throw perNode("CLUSTER REPLICATE");
    }

    private static RedisClusterNode find(Iterable<RedisClusterNode> nodes, RedisClusterNode node) {
        for (RedisClusterNode candidate : nodes) {
            if ((node.getId() != null && node.getId().equals(candidate.getId()))
                    || (node.getHost() != null && node.getHost().equals(candidate.getHost())
                    && node.getPort() != null && node.getPort().equals(candidate.getPort()))) {
                return candidate;
            }
        }
        throw new InvalidDataAccessApiUsageException("no node " + node + " in the cluster");
    }

    static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }

    /** The cluster-wide server commands come from the standalone set (Fastpath fans them out); per-node forms are refused. */
    private final class ClusterServerCommands extends FastpathServerCommands implements RedisClusterServerCommands {

        ClusterServerCommands() {
            super(FastpathClusterConnection.this);
        }

        @Override
        public void bgReWriteAof(RedisClusterNode node) {
            throw perNode("BGREWRITEAOF");
        }

        @Override
        public void bgSave(RedisClusterNode node) {
            throw perNode("BGSAVE");
        }

        @Override
        public Long lastSave(RedisClusterNode node) {
            throw perNode("LASTSAVE");
        }

        @Override
        public void save(RedisClusterNode node) {
            throw perNode("SAVE");
        }

        @Override
        public Long dbSize(RedisClusterNode node) {
            throw perNode("DBSIZE");
        }

        @Override
        public void flushDb(RedisClusterNode node) {
            throw perNode("FLUSHDB");
        }

        @Override
        public void flushDb(RedisClusterNode node, FlushOption option) {
            throw perNode("FLUSHDB");
        }

        @Override
        public void flushAll(RedisClusterNode node) {
            throw perNode("FLUSHALL");
        }

        @Override
        public void flushAll(RedisClusterNode node, FlushOption option) {
            throw perNode("FLUSHALL");
        }

        @Override
        public Properties info(RedisClusterNode node) {
            throw perNode("INFO");
        }

        @Override
        public Properties info(RedisClusterNode node, String section) {
            throw perNode("INFO");
        }

        @Override
        public void shutdown(RedisClusterNode node) {
            throw perNode("SHUTDOWN");
        }

        @Override
        public Properties getConfig(RedisClusterNode node, String pattern) {
            throw perNode("CONFIG GET");
        }

        @Override
        public void setConfig(RedisClusterNode node, String param, String value) {
            throw perNode("CONFIG SET");
        }

        @Override
        public void resetConfigStats(RedisClusterNode node) {
            throw perNode("CONFIG RESETSTAT");
        }

        @Override
        public void rewriteConfig(RedisClusterNode node) {
            throw perNode("CONFIG REWRITE");
        }

        @Override
        public Long time(RedisClusterNode node, TimeUnit timeUnit) {
            throw perNode("TIME");
        }

        @Override
        public List<RedisClientInfo> getClientList(RedisClusterNode node) {
            throw perNode("CLIENT LIST");
        }
    }

}
