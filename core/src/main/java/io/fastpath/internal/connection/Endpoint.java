package io.fastpath.internal.connection;

/** A server address as the client dials it; {@link #toString()} is {@code host:port} for messages. */
public record Endpoint(String host, int port) {
    @Override
    public String toString() {
        return host.indexOf(':') >= 0 ? "[" + host + "]:" + port : host + ":" + port;
    }
}
