package io.fastpath;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code redis-sentinel://[user[:password]@]host1[:port1][,host2[:port2]...]/primaryName[/database]}, or
 * {@code rediss-sentinel://} for TLS to the Sentinels and the data nodes. The user and password are the
 * data nodes' (as in Lettuce and Spring Data Redis, a URI never carries the Sentinels' own secret: give it
 * with {@link SentinelOptions#credentials}). Percent-encode special characters in the user, password and name.
 */
record SentinelUri(SentinelOptions options, String username, String password, int database, boolean tls) {
    private static final String EXPECTED = "expected redis-sentinel://[user[:password]@]host1:26379[,host2:26379...]/primaryName[/db]";

    static boolean isSentinelUri(String text) {
        if (text == null) {
            return false;
        }
        String lower = text.trim().toLowerCase(java.util.Locale.ROOT);
        return lower.startsWith("redis-sentinel://") || lower.startsWith("rediss-sentinel://");
    }

    static SentinelUri parse(String text) {
        String trimmed = text.trim();
        int schemeEnd = trimmed.indexOf("://");
        boolean tls = trimmed.substring(0, schemeEnd).equalsIgnoreCase("rediss-sentinel");
        String rest = trimmed.substring(schemeEnd + 3);
        int slash = rest.indexOf('/');
        if (slash < 0) {
            throw new RedisArgumentException("the Sentinel URI names no primary; " + EXPECTED);
        }
        String authority = rest.substring(0, slash);
        String path = rest.substring(slash + 1);
        if (path.contains("?") || path.contains("#")) {
            throw new RedisArgumentException("the Sentinel URI takes no query or fragment (name the primary in the path); " + EXPECTED);
        }
        int at = authority.lastIndexOf('@');
        String[] credentials = RedisUri.credentials(at < 0 ? null : authority.substring(0, at));
        authority = authority.substring(at + 1);
        String username = credentials[0] == null || credentials[0].isEmpty() ? null : credentials[0];
        String password = credentials[1];
        if (authority.isEmpty()) {
            throw new RedisArgumentException("the Sentinel URI has no Sentinel address; " + EXPECTED);
        }
        List<String> sentinels = new ArrayList<>();
        for (String address : authority.split(",")) {
            sentinels.add(address);
        }
        String[] segments = path.split("/", -1);
        String primaryName = RedisUri.decode(segments[0]);
        int database = 0;
        if (segments.length > 2 || (segments.length == 2 && segments[1].isEmpty())) {
            throw new RedisArgumentException("the Sentinel URI's path must be /primaryName or /primaryName/db, got '/" + path + "'");
        }
        if (segments.length == 2) {
            try {
                database = Integer.parseInt(segments[1]);
            } catch (NumberFormatException notANumber) {
                throw new RedisArgumentException("the database in the Sentinel URI must be a number, got '" + segments[1] + "'");
            }
            if (database < 0) {
                throw new RedisArgumentException("the database must not be negative, got " + database);
            }
        }
        return new SentinelUri(SentinelOptions.of(primaryName, sentinels), username, password, database, tls);
    }

    @Override
    public String toString() {
        return (tls ? "rediss-sentinel://" : "redis-sentinel://") + (username != null ? username : "")
                + (password != null ? ":****" : "") + (username != null || password != null ? "@" : "")
                + String.join(",", options.sentinels()) + "/" + options.primaryName() + (database != 0 ? "/" + database : "");
    }
}
