package io.fastpath.reactor;

import io.fastpath.testkit.RedisServer;
import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What the server itself counted (INFO commandstats), and a poll for conditions without an event to wait on. */
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

    /** Polls {@code condition} every 10 ms until it holds, failing after {@code within}. */
    static void awaitTrue(String what, BooleanSupplier condition, Duration within) {
        long deadline = System.nanoTime() + within.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("timed out after " + within.toMillis() + " ms waiting for " + what);
            }
            try {
                Thread.sleep(10); // Not synchronization: the poll interval of a condition with no event to wait on
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted waiting for " + what, e);
            }
        }
    }
}
