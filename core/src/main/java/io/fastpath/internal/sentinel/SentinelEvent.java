package io.fastpath.internal.sentinel;

import io.fastpath.internal.connection.Endpoint;
import java.util.List;

/**
 * One message of a Sentinel's event channels, parsed. Sentinel formats most events as
 * {@code <role> <name> <ip> <port> [@ <primary-name> <primary-ip> <primary-port>]} (role master, slave or
 * sentinel; a replica's name is {@code ip:port}, a Sentinel's its run id), and {@code +switch-master} as
 * {@code <primary-name> <old-ip> <old-port> <new-ip> <new-port>}.
 *
 * @param channel the event, e.g. {@code +switch-master}, {@code +try-failover}, {@code +sdown}
 * @param role the instance the event is about: {@code master}, {@code slave} or {@code sentinel}
 *     ({@code master} for {@code +switch-master})
 * @param address that instance's address; for {@code +switch-master}, the new primary
 * @param primaryName the monitored primary's name the event belongs to
 * @param primary the primary's address as the Sentinel knew it; for {@code +switch-master}, the old primary
 */
record SentinelEvent(String channel, String role, Endpoint address, String primaryName, Endpoint primary) {

    static final String SWITCH_MASTER = "+switch-master";
    static final String TRY_FAILOVER = "+try-failover";
    static final String PROMOTED = "+promoted-slave";
    static final String FAILOVER_END = "+failover-end";
    static final String ODOWN = "+odown";
    static final String ODOWN_ENDED = "-odown";
    static final String SDOWN = "+sdown";
    static final String SDOWN_ENDED = "-sdown";
    static final String NEW_SENTINEL = "+sentinel";
    static final String NEW_REPLICA = "+slave";
    static final String CONVERTED_TO_REPLICA = "+convert-to-slave";
    static final String REPLICA_RECONFIGURED = "+slave-reconf-done";
    static final String ABORT_NOT_ELECTED = "-failover-abort-not-elected";
    static final String ABORT_NO_GOOD_REPLICA = "-failover-abort-no-good-slave";
    static final String ABORT_REPLICA_TIMEOUT = "-failover-abort-slave-timeout";

    /** Every channel the client reads on each Sentinel. */
    static final List<String> CHANNELS = List.of(SWITCH_MASTER, TRY_FAILOVER, PROMOTED, FAILOVER_END, ODOWN, ODOWN_ENDED,
            SDOWN, SDOWN_ENDED, NEW_SENTINEL, NEW_REPLICA, CONVERTED_TO_REPLICA, REPLICA_RECONFIGURED,
            ABORT_NOT_ELECTED, ABORT_NO_GOOD_REPLICA, ABORT_REPLICA_TIMEOUT);

    /** Parses one message; null when it does not have the documented shape (it is then ignored). */
    static SentinelEvent parse(String channel, String message) {
        if (channel == null || message == null) {
            return null;
        }
        String[] words = message.trim().split(" +");
        try {
            if (SWITCH_MASTER.equals(channel)) {
                if (words.length < 5) {
                    return null;
                }
                return new SentinelEvent(channel, "master", endpoint(words[3], words[4]), words[0], endpoint(words[1], words[2]));
            }
            if (words.length < 4) {
                return null;
            }
            Endpoint address = endpoint(words[2], words[3]);
            if (words.length >= 8 && "@".equals(words[4])) {
                return new SentinelEvent(channel, words[0], address, words[5], endpoint(words[6], words[7]));
            }
            return "master".equals(words[0]) ? new SentinelEvent(channel, "master", address, words[1], address) : null;
        } catch (NumberFormatException notAPort) {
            return null;
        }
    }

    private static Endpoint endpoint(String host, String port) {
        return new Endpoint(host, Integer.parseInt(port));
    }

    boolean isAboutPrimary() {
        return "master".equals(role);
    }

    boolean isAboutReplica() {
        return "slave".equals(role);
    }

    boolean isFailoverAbort() {
        return channel.startsWith("-failover-abort");
    }
}
