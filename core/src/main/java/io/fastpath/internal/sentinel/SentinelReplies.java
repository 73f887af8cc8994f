package io.fastpath.internal.sentinel;

import io.fastpath.command.Reply;
import io.fastpath.internal.connection.Endpoint;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads what Sentinels and data nodes answer: {@code SENTINEL GET-MASTER-ADDR-BY-NAME} (an address or
 * null), {@code SENTINEL SENTINELS} and {@code SENTINEL REPLICAS} (one map per instance, as a RESP3 map or
 * a RESP2 flat array of names and values) and {@code ROLE}.
 */
final class SentinelReplies {
    /** Flags that make Sentinel's view of a replica unusable for reads. */
    private static final Set<String> UNUSABLE = Set.of("s_down", "o_down", "disconnected");

    private SentinelReplies() {}

    /** The address in a GET-MASTER-ADDR-BY-NAME reply, or null when the Sentinel does not monitor that name. */
    static Endpoint primaryAddress(Reply reply) {
        List<Reply> elements = elements(reply);
        if (elements == null || elements.size() < 2) {
            return null;
        }
        return endpoint(text(elements.get(0)), text(elements.get(1)));
    }

    /** One map per instance of a SENTINEL SENTINELS / SENTINEL REPLICAS reply. */
    static List<Map<String, String>> instances(Reply reply) {
        List<Map<String, String>> instances = new ArrayList<>();
        List<Reply> elements = elements(reply);
        if (elements == null) {
            return instances;
        }
        for (Reply element : elements) {
            instances.add(fields(element));
        }
        return instances;
    }

    /** One instance's names and values: a RESP3 map, or a RESP2 flat array of names and values. */
    private static Map<String, String> fields(Reply instance) {
        Map<String, String> fields = new LinkedHashMap<>();
        if (instance instanceof Reply.MapReply map) {
            map.entries().forEach((name, value) -> fields.put(text(name), text(value)));
        } else {
            List<Reply> flat = elements(instance);
            for (int i = 0; flat != null && i + 1 < flat.size(); i += 2) {
                fields.put(text(flat.get(i)), text(flat.get(i + 1)));
            }
        }
        return fields;
    }

    /** The {@code config-epoch} of a SENTINEL MASTER reply (one map); 0 when it has none. */
    static long configEpoch(Reply reply) {
        String epoch = fields(reply).get("config-epoch");
        try {
            return epoch == null ? 0 : Long.parseLong(epoch);
        } catch (NumberFormatException notANumber) {
            return 0;
        }
    }

    /** The addresses of the instances of a SENTINEL SENTINELS reply. */
    static List<Endpoint> sentinels(Reply reply) {
        List<Endpoint> addresses = new ArrayList<>();
        for (Map<String, String> instance : instances(reply)) {
            Endpoint address = address(instance);
            if (address != null) {
                addresses.add(address);
            }
        }
        return addresses;
    }

    /**
     * The replicas of a SENTINEL REPLICAS reply that can serve reads: not flagged subjectively or objectively
     * down or disconnected by the Sentinel, and with their link to the primary up.
     */
    static List<Endpoint> usableReplicas(Reply reply) {
        List<Endpoint> usable = new ArrayList<>();
        for (Map<String, String> replica : instances(reply)) {
            Endpoint address = address(replica);
            if (address == null || !"ok".equals(replica.get("master-link-status"))) {
                continue;
            }
            boolean down = false;
            for (String flag : String.valueOf(replica.get("flags")).split(",")) {
                down |= UNUSABLE.contains(flag);
            }
            if (!down) {
                usable.add(address);
            }
        }
        return usable;
    }

    /** The first element of a ROLE reply: {@code master}, {@code slave} or {@code sentinel}; null if malformed. */
    static String role(Reply reply) {
        List<Reply> elements = elements(reply);
        return elements == null || elements.isEmpty() ? null : text(elements.get(0));
    }

    private static Endpoint address(Map<String, String> instance) {
        return endpoint(instance.get("ip"), instance.get("port"));
    }

    /** Null when either part is missing or the port is no number. */
    private static Endpoint endpoint(String host, String port) {
        if (host == null || port == null) {
            return null;
        }
        try {
            return new Endpoint(host, Integer.parseInt(port));
        } catch (NumberFormatException notAPort) {
            return null;
        }
    }

    private static List<Reply> elements(Reply reply) {
        if (reply instanceof Reply.ArrayReply array) {
            return array.elements();
        }
        return reply instanceof Reply.SetReply set ? set.elements() : null;
    }

    private static String text(Reply reply) {
        if (reply instanceof Reply.BulkStringReply bulk) {
            return bulk.asUtf8();
        }
        if (reply instanceof Reply.SimpleStringReply simple) {
            return simple.value();
        }
        if (reply instanceof Reply.IntegerReply integer) {
            return Long.toString(integer.value());
        }
        return reply instanceof Reply.VerbatimStringReply verbatim ? verbatim.text() : null;
    }
}
