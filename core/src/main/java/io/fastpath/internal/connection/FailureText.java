package io.fastpath.internal.connection;

import io.netty.channel.Channel;
import io.netty.channel.ChannelOutboundBuffer;
import java.util.concurrent.TimeUnit;

/**
 * The words of a connection's failures: what a timed-out command was doing, why a command found no connection, why a
 * TLS handshake failed, and a cause in one line. Each message states the connection's figures and a hint.
 *
 * <p>Thread ownership: stateless; called on the connection's event loop, which owns the figures it reads.
 */
final class FailureText {
    private FailureText() {
    }

    /** A cause in one line: its class and message. */
    static String describe(Throwable cause) {
        if (cause == null) {
            return "no error recorded";
        }
        String message = cause.getMessage();
        return cause.getClass().getSimpleName() + (message == null ? "" : ": " + message);
    }

    /** Why a command timed out: written and awaiting its reply ({@code sent}), or never written. */
    static String timedOut(Connection connection, boolean sent) {
        long sinceRead = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - connection.cycle.lastReadNanos);
        long pendingBytes = 0;
        Channel channel = connection.channel();
        if (channel != null) {
            ChannelOutboundBuffer buffer = channel.unsafe().outboundBuffer();
            pendingBytes = buffer == null ? 0 : buffer.totalPendingWriteBytes();
        }
        String hint = !sent ? "the command never left the client: the connection is busy or reconnecting"
                : sinceRead > 1000 ? "nothing was read for over a second: the server may be blocked, paused or unreachable"
                : "the server is answering other commands: this one may be slow (large value, slow command)";
        return "command timed out on " + connection.endpoint() + " (" + (sent ? "sent, awaiting reply" : "queued, never sent")
                + "; in flight: " + connection.unansweredCount() + "; bytes not yet written: " + pendingBytes
                + "; last read " + sinceRead + " ms ago; reconnect attempts: " + connection.cycle.reconnectAttempts
                + "). Hint: " + hint;
    }

    /** Why a command waited out its deadline while not connected: the last error, or else what is still being tried. */
    static String notConnected(Connection connection, int waiting) {
        Throwable lastFailure = connection.cycle.lastFailure;
        String waitingFor = "; reconnect attempts: " + connection.cycle.reconnectAttempts + "; commands waiting for the connection: " + waiting;
        if (lastFailure != null) {
            return "no connection within the command timeout; " + describe(lastFailure) + waitingFor
                    + ". Hint: the server is down, unreachable or refusing the handshake (see the cause)";
        }
        // Nothing failed yet: the first attempt is still in progress (a slow or silent server, a connectTimeout above the command timeout).
        String step = connection.cycle.state == ConnectCycle.State.HANDSHAKING ? "connected over TCP, the handshake (HELLO/AUTH) got no answer yet"
                : "the TCP connect to " + connection.endpoint() + " has not completed yet (connectTimeout "
                + connection.settings().connectTimeout().toMillis() + " ms)";
        return "no connection within the command timeout; no attempt has failed yet: " + step + waitingFor
                + ". Hint: the server is slow or silent on this port, or the command timeout is shorter than the connect";
    }

    /** Why a failed TLS handshake means the server does not speak TLS on this port, or null when it may be something else. */
    static String notSpeakingTls(Throwable cause, long connectTimeoutMillis) {
        for (Throwable step = cause; step != null; step = step.getCause()) {
            if (step instanceof io.netty.handler.ssl.SslHandshakeTimeoutException) {
                return "the server did not answer the TLS handshake within connectTimeout (" + connectTimeoutMillis
                        + " ms): it may not speak TLS on this port (a plain redis:// server?). Use redis:// for a plain server, "
                        + "or the server's TLS port (tls-port)";
            }
            if (step instanceof io.netty.handler.ssl.NotSslRecordException) {
                return "the server answered the TLS handshake with data that is not TLS: it does not speak TLS on this port "
                        + "(a plain redis:// server?). Use redis:// for a plain server, or the server's TLS port (tls-port)";
            }
        }
        return null;
    }

    /**
     * Why a failed TLS handshake means the certificate does not name the host dialled (the JDK's HTTPS endpoint
     * identification: "No subject alternative ... matching", "No name matching"), or null when it is something else.
     */
    static String hostnameMismatch(Throwable cause, String hostDialled) {
        for (Throwable step = cause; step != null; step = step.getCause()) {
            String message = step.getMessage();
            if (step instanceof java.security.cert.CertificateException && message != null
                    && (message.startsWith("No subject alternative") || message.startsWith("No name matching"))) {
                return "the server's certificate does not name the host dialled, " + hostDialled + " (" + message
                        + "). Hint: a cluster that announces IPs is dialled by IP: set cluster-announce-hostname and "
                        + "cluster-preferred-endpoint-type hostname on the nodes, or issue certificates with those IP "
                        + "subject alternative names (verifyHostname(false) skips the check)";
            }
        }
        return null;
    }
}
