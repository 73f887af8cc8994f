package io.fastpath.spring;

import io.fastpath.testkit.RedisServer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What a server itself counted (INFO commandstats, PUBSUB NUMSUB). */
final class ServerStats {
    private ServerStats() {}

    /** How many times the server ran {@code command} (lower case, e.g. {@code scan}) since the last CONFIG RESETSTAT. */
    static long calls(RedisServer server, String command) {
        Matcher matcher = Pattern.compile("cmdstat_" + command + ":calls=(\\d+)")
                .matcher(server.call("INFO", "commandstats").toString());
        return matcher.find() ? Long.parseLong(matcher.group(1)) : 0;
    }

    static void resetStats(RedisServer server) {
        server.call("CONFIG", "RESETSTAT");
    }

    /** Subscribers of {@code channel} on that server (PUBSUB NUMSUB). */
    static long subscribers(RedisServer server, String channel) {
        return Long.parseLong(((java.util.List<?>) server.call("PUBSUB", "NUMSUB", channel)).get(1).toString());
    }
}
