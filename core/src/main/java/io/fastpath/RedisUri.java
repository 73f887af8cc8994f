package io.fastpath;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;

/**
 * A parsed {@code redis://[user[:password]@]host[:port][/database]} address ({@code rediss://} for TLS). Percent-encode special
 * characters in the user and password. {@link #toString()} never shows the password.
 */
public final class RedisUri {
    public static final int DEFAULT_PORT = 6379;

    private final String host;
    private final int port;
    private final String username;
    private final String password;
    private final int database;
    private final boolean tls;

    private RedisUri(String host, int port, String username, String password, int database, boolean tls) {
        this.tls = tls;
        this.host = host;
        this.port = port;
        this.username = username;
        this.password = password;
        this.database = database;
    }

    private static final String EXPECTED = "expected redis://[user[:password]@]host[:port][/db] (rediss:// for TLS)";

    /**
     * Parses and checks every part at once, so a mistake fails here with a {@link RedisArgumentException} naming
     * the part, instead of later as a connect failure or timeout.
     */
    public static RedisUri parse(String text) {
        if (text == null || text.isBlank()) {
            throw new RedisArgumentException("the Redis URI is empty; " + EXPECTED);
        }
        URI uri;
        try {
            uri = new URI(text.trim());
        } catch (URISyntaxException e) {
            throw new RedisArgumentException("not a valid Redis URI (" + e.getReason() + "); " + EXPECTED);
        }
        String scheme = uri.getScheme();
        if (scheme == null) {
            throw new RedisArgumentException("the Redis URI has no scheme (it must start with redis://, rediss:// or "
                    + "redis-sentinel://); " + EXPECTED);
        }
        boolean tls = "rediss".equalsIgnoreCase(scheme);
        if (!tls && !"redis".equalsIgnoreCase(scheme)) {
            throw new RedisArgumentException("unsupported URI scheme '" + scheme + "'; expected redis://, rediss:// (TLS) or "
                    + "redis-sentinel://");
        }
        // The raw authority, not URI.getHost()/getPort(): those give no host at all for a port out of range or not a number.
        String authority = uri.getRawAuthority();
        if (authority == null || authority.isEmpty()) {
            throw new RedisArgumentException("the Redis URI has no host (nothing between '" + scheme + "://' and the path); " + EXPECTED);
        }
        String address = authority.substring(authority.lastIndexOf('@') + 1); // never the user-info: it may hold a password
        HostAndPort hostAndPort;
        try {
            hostAndPort = HostAndPort.parse(address, DEFAULT_PORT, "Redis URI's address");
        } catch (RedisArgumentException wrongPart) {
            throw new RedisArgumentException(wrongPart.getMessage() + "; " + EXPECTED);
        }
        String host = hostAndPort.host();
        int port = hostAndPort.port();
        String[] credentials = credentials(uri.getRawUserInfo());
        String username = credentials[0];
        String password = credentials[1];
        int database = 0;
        String path = uri.getPath();
        if (path != null && path.length() > 1) {
            try {
                database = Integer.parseInt(path.substring(1));
            } catch (NumberFormatException e) {
                throw new RedisArgumentException("the database in the Redis URI must be a number, got '" + path.substring(1)
                        + "'; " + EXPECTED);
            }
            if (database < 0) {
                throw new RedisArgumentException("the database must not be negative, got " + database);
            }
        }
        return new RedisUri(host, port, username, password, database, tls);
    }

    /** {@code user}, {@code user:password} or {@code :password}, percent-decoded: {username, password}, either null. */
    static String[] credentials(String rawUserInfo) {
        if (rawUserInfo == null || rawUserInfo.isEmpty()) {
            return new String[2];
        }
        int colon = rawUserInfo.indexOf(':');
        if (colon < 0) {
            return new String[] {decode(rawUserInfo), null};
        }
        return new String[] {colon == 0 ? null : decode(rawUserInfo.substring(0, colon)), decode(rawUserInfo.substring(colon + 1))};
    }

    /** Percent-decoding that keeps a literal '+' (URLDecoder alone would turn it into a space). */
    static String decode(String raw) {
        return URLDecoder.decode(raw.replace("+", "%2B"), StandardCharsets.UTF_8);
    }

    public String host() {
        return host;
    }

    public int port() {
        return port;
    }

    /** The ACL user, or null for the default user. */
    public String username() {
        return username;
    }

    /** The password, or null. Never printed by this class. */
    public String password() {
        return password;
    }

    public int database() {
        return database;
    }

    /** True for {@code rediss://}: connect with TLS. */
    public boolean tls() {
        return tls;
    }

    @Override
    public String toString() {
        return (tls ? "rediss://" : "redis://") + (username != null ? username + (password != null ? ":****" : "") + "@"
                : password != null ? ":****@" : "")
                + (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port + (database != 0 ? "/" + database : "");
    }
}
