package io.fastpath.reactor;

import io.fastpath.testkit.RedisServer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What the server itself counted (INFO commandstats). */
final class ServerStats {
    private ServerStats() {}

    /** How many times the server ran {@code command} (lower case, e.g. {@code set}) since the last CONFIG RESETSTAT. */
    static long calls(RedisServer server, String command) {
        String info = server.call("INFO", "commandstats").toString();
        Matcher matcher = Pattern.compile("cmdstat_" + command + ":calls=(\\d+)").matcher(info);
        return matcher.find() ? Long.parseLong(matcher.group(1)) : 0;
    }

    /** Clients the server holds blocked (BLPOP, XREAD BLOCK...). */
    static long blockedClients(RedisServer server) {
        Matcher matcher = Pattern.compile("blocked_clients:(\\d+)").matcher(server.call("INFO", "clients").toString());
        return matcher.find() ? Long.parseLong(matcher.group(1)) : 0;
    }

    static void resetStats(RedisServer server) {
        server.call("CONFIG", "RESETSTAT");
    }
}
