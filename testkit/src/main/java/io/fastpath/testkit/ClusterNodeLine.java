package io.fastpath.testkit;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/** One line of {@code CLUSTER NODES}: a node as seen by the node that answered. */
final class ClusterNodeLine {

    final String id;
    final int port;
    final Set<String> flags;
    final String primaryId;

    private ClusterNodeLine(String id, int port, Set<String> flags, String primaryId) {
        this.id = id;
        this.port = port;
        this.flags = flags;
        this.primaryId = primaryId;
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

    /** Parses {@code <id> <ip:port@busport[,hostname]> <flags> <primary> ...}. */
    static ClusterNodeLine parse(String line) {
        String[] fields = line.split(" ");
        String address = fields[1];
        int colon = address.lastIndexOf(':', address.indexOf('@') < 0 ? address.length() : address.indexOf('@'));
        int at = address.indexOf('@');
        String portText = address.substring(colon + 1, at < 0 ? address.length() : at);
        int port = portText.isEmpty() ? 0 : Integer.parseInt(portText);
        Set<String> flags = Set.copyOf(Arrays.asList(fields[2].split(",")));
        return new ClusterNodeLine(fields[0], port, flags, fields[3]);
    }

    boolean isHealthy() {
        return !flags.contains("fail") && !flags.contains("fail?") && !flags.contains("handshake")
                && !flags.contains("noaddr");
    }
}
