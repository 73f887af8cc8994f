package io.fastpath.internal.cluster;

import io.fastpath.command.Reply;
import io.fastpath.internal.command.UnexpectedReplyException;
import io.fastpath.internal.connection.Endpoint;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Set;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads {@code CLUSTER SHARDS} (Redis 7+, RESP2 or RESP3) and {@code CLUSTER SLOTS} replies into a
 * {@link ClusterTopology}. A shard's primary is its healthy master, else any master it lists (so its
 * slots still route somewhere while a failover is pending); replicas marked {@code failed} are left out.
 * A replica reported {@code loading} is kept: Redis 7.0 reports every replica with replication offset 0
 * (a cluster that has not seen a write yet) as loading, and a replica that really is loading answers
 * LOADING, which the client retries. A shard that lists a second online master (Valkey 8.0 does, for a
 * moment, during a manual failover: the demoted and the promoted node both as masters of one shard,
 * where Redis 7.0 lists the demoted one in a shard of its own) keeps the others as slotless known
 * nodes: dropping one would retire the connections of the node that is about to own the slots. A replica listed
 * alone in a shard without slots or master (Valkey 8.0, before the answering node has the replica's shard id) is
 * counted as unplaced: the refresher prefers answers that place it and asks again until one does.
 */
final class ClusterTopologyParser {
    private ClusterTopologyParser() {}

    static ClusterTopology fromShards(Reply reply) {
        return fromShards(reply, false);
    }

    /** @param tls take each node's {@code tls-port} (announced with {@code tls-cluster yes}) over its plain port */
    static ClusterTopology fromShards(Reply reply, boolean tls) {
        List<ClusterTopology.Shard> shards = new ArrayList<>();
        Set<Endpoint> slotless = new HashSet<>();
        int unplacedReplicas = 0;
        for (Reply shardReply : elements(reply)) {
            Map<String, Reply> shard = fields(shardReply);
            List<int[]> ranges = new ArrayList<>();
            List<Reply> slots = elements(shard.get("slots"));
            for (int i = 0; i + 1 < slots.size(); i += 2) {
                ranges.add(new int[] {(int) number(slots.get(i)), (int) number(slots.get(i + 1))});
            }
            if (ranges.isEmpty()) {
                boolean hasMaster = false;
                int replicasAlone = 0;
                for (Reply nodeReply : elements(shard.get("nodes"))) {
                    Map<String, Reply> node = fields(nodeReply);
                    Endpoint endpoint = endpointOf(node, tls);
                    String health = text(node.get("health"));
                    hasMaster |= "master".equals(text(node.get("role")));
                    if (endpoint != null && !"master".equals(text(node.get("role"))) && !isFailed(health)) {
                        replicasAlone++;
                    }
                    if (endpoint != null && "online".equals(health)) {
                        slotless.add(endpoint);
                    }
                }
                if (!hasMaster) {
                    unplacedReplicas += replicasAlone; // a replica the answering node has no shard id for yet
                }
                continue;
            }
            Endpoint healthyPrimary = null;
            Endpoint anyPrimary = null;
            List<Endpoint> replicas = new ArrayList<>();
            List<Endpoint> onlinePrimaries = new ArrayList<>();
            for (Reply nodeReply : elements(shard.get("nodes"))) {
                Map<String, Reply> node = fields(nodeReply);
                Endpoint endpoint = endpointOf(node, tls);
                if (endpoint == null) {
                    continue;
                }
                String health = text(node.get("health"));
                if ("master".equals(text(node.get("role")))) {
                    anyPrimary = anyPrimary == null ? endpoint : anyPrimary;
                    healthyPrimary = "online".equals(health) && healthyPrimary == null ? endpoint : healthyPrimary;
                    if ("online".equals(health)) {
                        onlinePrimaries.add(endpoint);
                    }
                } else if (!isFailed(health)) {
                    replicas.add(endpoint);
                }
            }
            Endpoint primary = healthyPrimary != null ? healthyPrimary : anyPrimary;
            if (primary != null) {
                shards.add(new ClusterTopology.Shard(ranges, primary, replicas));
                onlinePrimaries.remove(primary);
                slotless.addAll(onlinePrimaries); // mid-failover: known, not routed to until a refresh or MOVED says so
            }
        }
        return new ClusterTopology(shards, slotless, unplacedReplicas);
    }

    /**
     * A node CLUSTER SHARDS flags failed: the documentation says {@code failed}, Valkey 8.0.1 (and Redis 7.0's code)
     * answer {@code fail}; checking only the first kept a dead replica in the topology forever (ZoneAffinityIT).
     */
    private static boolean isFailed(String health) {
        return "fail".equals(health) || "failed".equals(health);
    }

    /** CLUSTER SLOTS: one entry per slot range, {start, end, primary, replica...}; ranges of one primary are merged. */
    static ClusterTopology fromSlots(Reply reply) {
        Map<Endpoint, ClusterTopology.Shard> byPrimary = new LinkedHashMap<>();
        for (Reply rangeReply : elements(reply)) {
            List<Reply> range = elements(rangeReply);
            if (range.size() < 3) {
                throw new UnexpectedReplyException("a CLUSTER SLOTS range", rangeReply);
            }
            int[] slots = {(int) number(range.get(0)), (int) number(range.get(1))};
            Endpoint primary = endpointOfSlotsEntry(range.get(2));
            List<Endpoint> replicas = new ArrayList<>();
            for (int i = 3; i < range.size(); i++) {
                replicas.add(endpointOfSlotsEntry(range.get(i)));
            }
            ClusterTopology.Shard shard = byPrimary.computeIfAbsent(primary,
                    key -> new ClusterTopology.Shard(new ArrayList<>(), key, replicas));
            shard.slotRanges().add(slots);
        }
        return new ClusterTopology(new ArrayList<>(byPrimary.values()), Set.of());
    }

    /**
     * {host, port, id, metadata?}: the host is the preferred endpoint (a hostname under
     * {@code cluster-preferred-endpoint-type hostname}); when it is unknown (null, empty or {@code ?}), Redis 7
     * lists the node's {@code ip} in the metadata map.
     */
    private static Endpoint endpointOfSlotsEntry(Reply entry) {
        List<Reply> node = elements(entry);
        String host = text(node.get(0));
        if (!isUsableHost(host) && node.size() > 3 && !(node.get(3) instanceof Reply.NullReply)) {
            host = text(fields(node.get(3)).get("ip"));
        }
        return new Endpoint(host, (int) number(node.get(1)));
    }

    /**
     * The host to dial: the announced {@code endpoint} (the node's hostname under
     * {@code cluster-preferred-endpoint-type hostname}, so TLS verifies the certificate by that name), else its
     * {@code ip} when the endpoint is unknown ({@code ?}, or empty when a node announces no hostname).
     */
    private static Endpoint endpointOf(Map<String, Reply> node, boolean tls) {
        String host = text(node.get("endpoint"));
        if (!isUsableHost(host)) {
            host = text(node.get("ip"));
        }
        String preferred = tls ? "tls-port" : "port";
        Reply port = node.containsKey(preferred) ? node.get(preferred) : node.get(tls ? "port" : "tls-port");
        if (host == null || host.isEmpty() || port == null) {
            return null;
        }
        return new Endpoint(host, (int) number(port));
    }

    /** {@code ?} is the server's "unknown endpoint"; an empty one means the node announced no name. */
    static boolean isUsableHost(String host) {
        return host != null && !host.isEmpty() && !host.equals("?");
    }

    /** A RESP3 map, or a RESP2 flat array of name/value pairs. */
    private static Map<String, Reply> fields(Reply reply) {
        Map<String, Reply> fields = new LinkedHashMap<>();
        if (reply instanceof Reply.MapReply map) {
            map.entries().forEach((name, value) -> fields.put(text(name), value));
            return fields;
        }
        List<Reply> flat = elements(reply);
        for (int i = 0; i + 1 < flat.size(); i += 2) {
            fields.put(text(flat.get(i)), flat.get(i + 1));
        }
        return fields;
    }

    private static List<Reply> elements(Reply reply) {
        if (reply instanceof Reply.ArrayReply array) {
            return array.elements();
        }
        if (reply instanceof Reply.SetReply set) {
            return set.elements();
        }
        throw new UnexpectedReplyException("an array", reply);
    }

    private static String text(Reply reply) {
        if (reply instanceof Reply.BulkStringReply bulk) {
            return new String(bulk.value(), StandardCharsets.UTF_8);
        }
        if (reply instanceof Reply.SimpleStringReply simple) {
            return simple.value();
        }
        return null;
    }

    private static long number(Reply reply) {
        if (reply instanceof Reply.IntegerReply integer) {
            return integer.value();
        }
        String text = text(reply);
        if (text != null) {
            return Long.parseLong(text);
        }
        throw new UnexpectedReplyException("an integer", reply);
    }
}
