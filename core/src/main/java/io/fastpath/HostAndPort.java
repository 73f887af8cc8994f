package io.fastpath;

/** A {@code host}, {@code host:port} or {@code [ipv6]:port} as users write them in Sentinel lists. */
record HostAndPort(String host, int port) {

    static HostAndPort parse(String text, int defaultPort, String what) {
        if (text == null || text.isBlank()) {
            throw new RedisArgumentException("a " + what + " must not be empty; expected host:port");
        }
        String trimmed = text.trim();
        String host;
        String port = null;
        if (trimmed.startsWith("[")) {
            int close = trimmed.indexOf(']');
            if (close < 0) {
                throw new RedisArgumentException("the " + what + " '" + trimmed + "' opens '[' without closing it");
            }
            host = trimmed.substring(1, close);
            if (close + 1 < trimmed.length()) {
                if (trimmed.charAt(close + 1) != ':') {
                    throw new RedisArgumentException("the " + what + " '" + trimmed + "' has text after ']' that is not :port");
                }
                port = trimmed.substring(close + 2);
            }
        } else {
            int colon = trimmed.lastIndexOf(':');
            if (colon >= 0 && trimmed.indexOf(':') != colon) {
                throw new RedisArgumentException("the " + what + " '" + trimmed + "' looks like an IPv6 address: write it [addr]:port");
            }
            host = colon < 0 ? trimmed : trimmed.substring(0, colon);
            port = colon < 0 ? null : trimmed.substring(colon + 1);
        }
        if (host.isEmpty()) {
            throw new RedisArgumentException("the " + what + " '" + trimmed + "' has no host");
        }
        int number = defaultPort;
        if (port != null) {
            try {
                number = Integer.parseInt(port);
            } catch (NumberFormatException notANumber) {
                throw new RedisArgumentException("the port of the " + what + " '" + trimmed + "' is not a number; expected host:port with a port within 1..65535");
            }
        }
        if (number <= 0 || number > 65535) {
            throw new RedisArgumentException("the port of the " + what + " '" + trimmed + "' must be within 1..65535, got " + number);
        }
        return new HostAndPort(host, number);
    }
}
