package io.fastpath.testkit;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/** One line of {@code CLUSTER NODES}: a node's id and flags as seen by the node that answered. */
final class ClusterNodeLine {

    final String id;
    final Set<String> flags;
    /** The id of the primary this node replicates, {@code "-"} for a primary. */
    final String primaryId;
    /** When the answering node last got a PONG from this one (Unix ms; 0 for itself or never). */
    final long pongReceivedMillis;

    private ClusterNodeLine(String id, Set<String> flags, String primaryId, long pongReceivedMillis) {
        this.id = id;
        this.flags = flags;
        this.primaryId = primaryId;
        this.pongReceivedMillis = pongReceivedMillis;
    }

    static List<ClusterNodeLine> parseAll(String clusterNodesReply) {
        List<ClusterNodeLine> lines = new ArrayList<>();
        for (String line : clusterNodesReply.split("\n")) {
            if (!line.isBlank()) {
                lines.add(parse(line.trim()));
            }
        }
        return lines;
    }

    /** Parses {@code <id> <ip:port@busport[,hostname]> <flags> <primary> <ping-sent> <pong-recv> ...}. */
    static ClusterNodeLine parse(String line) {
        String[] fields = line.split(" ");
        return new ClusterNodeLine(fields[0], Set.copyOf(Arrays.asList(fields[2].split(","))), fields[3], Long.parseLong(fields[5]));
    }

    /** Neither failing, suspected of failing, still in handshake, nor without an address. */
    boolean isHealthy() {
        return !flags.contains("fail") && !flags.contains("fail?") && !flags.contains("handshake")
                && !flags.contains("noaddr");
    }
}
