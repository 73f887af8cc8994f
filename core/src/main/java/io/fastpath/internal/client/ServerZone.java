package io.fastpath.internal.client;

import io.fastpath.command.Reply;
import io.fastpath.internal.command.CommandSpec;
import io.fastpath.internal.connection.CommandFuture;
import io.fastpath.internal.connection.Connection;
import io.fastpath.internal.connection.HandshakeExtension;
import java.util.concurrent.CompletableFuture;

/**
 * The availability zone one server reports: the {@code availability_zone} line of its {@code INFO server}
 * (Valkey 8.0+; Valkey 8.0.1 says it nowhere else, not in HELLO nor CLUSTER SHARDS), null when it reports none
 * (Redis, or Valkey without {@code availability-zone}). Read by {@link #probe} at the end of every handshake of
 * the server's connections, pipelined with the handshake's other commands, so a node restarted in another zone
 * is seen as soon as a connection to it is up again.
 *
 * <p>Any thread reads {@link #get}; the connections' event loops write it (the latest handshake wins).
 */
public final class ServerZone {
    private static final String FIELD = "availability_zone:";
    private static final CommandSpec<Reply> INFO_SERVER = CommandSpec.words("INFO", "server");

    private volatile String zone;

    /** The zone the server reported at the latest handshake of one of its connections; null when none. */
    public String get() {
        return zone;
    }

    /**
     * True when the server reported {@code clientZone} (false for a null client zone or a server without one). Both
     * sides are interned, so a match is decided by String.equals' identity check before any character is compared.
     */
    public boolean is(String clientZone) {
        String current = zone;
        return current != null && current.equals(clientZone);
    }

    /**
     * A handshake step for {@code connection}: asks {@code INFO server}, records the zone here and on the
     * connection (for a command listener), then runs {@code next} (null for none). A refused or malformed INFO
     * (an ACL without it) leaves the zone unknown and the connection usable.
     */
    public HandshakeExtension probe(Connection connection, long timeoutNanos, HandshakeExtension next) {
        return writer -> {
            CommandFuture<Reply> info = new CommandFuture<>(INFO_SERVER, true, System.nanoTime() + timeoutNanos);
            writer.accept(info);
            CompletableFuture<Void> learned = info.handle((reply, failure) -> {
                String reported = failure == null ? parse(reply) : null;
                reported(reported);
                connection.serverZone(reported);
                return null;
            });
            return next == null ? learned : CompletableFuture.allOf(learned, next.run(writer));
        };
    }

    /** Records what the server reported (null: none), interned as the client zone is: equal zones are then one instance. */
    void reported(String reported) {
        zone = reported == null ? null : reported.intern();
    }

    /** The {@code availability_zone} value of an INFO reply; null when the line is absent or empty. */
    static String parse(Reply reply) {
        String text = reply instanceof Reply.VerbatimStringReply verbatim ? verbatim.text()
                : reply instanceof Reply.BulkStringReply bulk ? bulk.asUtf8() : null;
        if (text == null) {
            return null;
        }
        int start = text.startsWith(FIELD) ? 0 : text.indexOf("\n" + FIELD);
        if (start < 0) {
            return null;
        }
        start = text.indexOf(':', start) + 1;
        int end = start;
        while (end < text.length() && text.charAt(end) != '\r' && text.charAt(end) != '\n') {
            end++;
        }
        return end == start ? null : text.substring(start, end);
    }
}
