package io.fastpath;

import io.fastpath.testkit.RedisServer;
import java.time.Duration;

/**
 * Holds a client's commands unanswered on a real server that still answers its admin: under {@code CLIENT
 * PAUSE WRITE} a write waits, and the server reads nothing behind it on that connection. Unlike {@code DEBUG
 * SLEEP}, the server can then say when the commands behind the write have arrived, so a test need not guess.
 */
final class PausedWrites {
    private PausedWrites() {}

    /** From now on a write waits; the pause lasts a minute, so a test ends it by killing or closing the server. */
    static void pause(RedisServer server) {
        server.call("CLIENT", "PAUSE", "60000", "WRITE");
    }

    /** Waits until a connection held by the pause (flag {@code b}) has at least {@code bytes} unread behind its write. */
    static void awaitHeldBytes(RedisServer server, long bytes) {
        Eventually.await("a held connection with " + bytes + " bytes unread behind its write",
                () -> (String) server.call("CLIENT", "LIST", "TYPE", "normal"),
                clients -> clients.lines().anyMatch(line -> field(line, "flags").contains("b")
                        && Long.parseLong(field(line, "qbuf")) >= bytes),
                Duration.ofSeconds(10));
    }

    /** The value of {@code name=} in one line of CLIENT LIST. */
    private static String field(String line, String name) {
        for (String pair : line.split(" ")) {
            if (pair.startsWith(name + "=")) {
                return pair.substring(name.length() + 1);
            }
        }
        throw new AssertionError("no " + name + " in CLIENT LIST line " + line);
    }
}
