package io.fastpath.benchmarks.scale;

import io.fastpath.testkit.RedisCluster;
import io.fastpath.testkit.RedisServer;
import io.fastpath.testkit.RespClient;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToLongFunction;

/**
 * What the servers themselves count, read over one admin connection per node so that polling opens none: clients
 * connected, MOVED/ASK error replies sent ({@code INFO errorstats}) and topology queries served ({@code INFO
 * commandstats}). Its own connection is one of each node's connected clients, the same in every reading.
 *
 * <p>Owned by the scenario's driving thread.
 */
final class NodeCounters implements AutoCloseable {

  private static final List<String> TOPOLOGY_COMMANDS = List.of("cluster|slots", "cluster|shards", "cluster|nodes");

  private final RedisCluster cluster;
  private final Map<RedisServer, RespClient> connections = new LinkedHashMap<>();

  /** Reads the running nodes of {@code cluster}, nodes added later included. */
  NodeCounters(RedisCluster cluster) {
    this.cluster = cluster;
  }

  /** Per node (by port): {@code connected_clients}. */
  Map<Integer, Long> connectedClients() {
    return perNode("clients", info -> count(info, "connected_clients:"));
  }

  /** Per node (by port): MOVED plus ASK replies sent since the node started. */
  Map<Integer, Long> redirectReplies() {
    return perNode("errorstats", info -> count(info, "errorstat_MOVED:count=") + count(info, "errorstat_ASK:count="));
  }

  /** Per node (by port): CLUSTER SLOTS, SHARDS and NODES calls served since the node started. */
  Map<Integer, Long> topologyQueries() {
    return perNode("commandstats", info -> {
      long calls = 0;
      for (String command : TOPOLOGY_COMMANDS) {
        calls += count(info, "cmdstat_" + command + ":calls=");
      }
      return calls;
    });
  }

  /** {@code after - before} summed over nodes; a node missing from {@code after} (stopped meanwhile) adds nothing. */
  static long growth(Map<Integer, Long> before, Map<Integer, Long> after) {
    long growth = 0;
    for (Map.Entry<Integer, Long> entry : after.entrySet()) {
      growth += entry.getValue() - before.getOrDefault(entry.getKey(), 0L);
    }
    return growth;
  }

  /** Per node, {@code after - before} (nodes in {@code after} only). */
  static Map<Integer, Long> differences(Map<Integer, Long> before, Map<Integer, Long> after) {
    Map<Integer, Long> differences = new HashMap<>();
    after.forEach((port, value) -> differences.put(port, value - before.getOrDefault(port, 0L)));
    return differences;
  }

  private Map<Integer, Long> perNode(String section, ToLongFunction<String> read) {
    Map<Integer, Long> values = new HashMap<>();
    for (RedisServer node : cluster.nodes()) {
      if (node.isAlive()) {
        RespClient connection = connections.computeIfAbsent(node, RedisServer::admin);
        values.put(node.port(), read.applyAsLong(String.valueOf(connection.call("INFO", section))));
      }
    }
    return values;
  }

  /** The number after {@code prefix} on its line, or 0 when the line is missing (nothing counted yet). */
  private static long count(String info, String prefix) {
    int start = info.indexOf(prefix);
    if (start < 0) {
      return 0;
    }
    int end = start + prefix.length();
    while (end < info.length() && Character.isDigit(info.charAt(end))) {
      end++;
    }
    return Long.parseLong(info.substring(start + prefix.length(), end));
  }

  @Override
  public void close() {
    connections.values().forEach(RespClient::close);
  }
}
