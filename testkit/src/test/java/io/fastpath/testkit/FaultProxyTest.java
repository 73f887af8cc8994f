package io.fastpath.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class FaultProxyTest {

    @RegisterExtension
    static RedisServerExtension redis = RedisServerExtension.standalone();

    @Test
    void passThroughForwardsCommandsAndCountsTrafficBothWays() {
        try (FaultProxy proxy = FaultProxy.inFrontOf(redis.server());
                RespClient client = new RespClient(proxy.host(), proxy.port())) {
            assertThat(client.call("SET", "through-proxy", "yes")).isEqualTo("OK");
            assertThat(client.call("GET", "through-proxy")).isEqualTo("yes");
            assertThat(proxy.connectionsAccepted()).isEqualTo(1);
            assertThat(proxy.openConnections()).isEqualTo(1);
            assertThat(proxy.bytesToServer()).isGreaterThan(20);
            assertThat(proxy.bytesToClient()).isEqualTo("+OK\r\n$3\r\nyes\r\n".length());
            assertThat(proxy.uri()).isEqualTo("redis://127.0.0.1:" + proxy.port());
        }
    }

    @Test
    void delayHoldsEveryChunkAtLeastTheConfiguredTime() {
        try (FaultProxy proxy = FaultProxy.inFrontOf(redis.server());
                RespClient client = new RespClient(proxy.host(), proxy.port())) {
            proxy.delay(Duration.ofMillis(150));
            long started = System.nanoTime();
            assertThat(client.call("PING")).isEqualTo("PONG");
            long elapsedMillis = (System.nanoTime() - started) / 1_000_000;
            // One delay towards the server and one back.
            assertThat(elapsedMillis).isGreaterThanOrEqualTo(300);
        }
    }

    @Test
    void blackholeKeepsTheConnectionOpenSilentlyAndResetDeliversTheHeldData() throws IOException {
        try (FaultProxy proxy = FaultProxy.inFrontOf(redis.server());
                Socket socket = new Socket(proxy.host(), proxy.port())) {
            socket.setSoTimeout(300);
            proxy.blackhole();
            socket.getOutputStream().write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
            assertThatThrownBy(() -> socket.getInputStream().read()).isInstanceOf(SocketTimeoutException.class);
            assertThat(proxy.bytesToServer()).isZero();
            assertThat(proxy.openConnections()).isEqualTo(1);

            proxy.reset();
            socket.setSoTimeout(5000);
            assertThat(readExactly(socket.getInputStream(), 7)).isEqualTo("+PONG\r\n");
        }
    }

    @Test
    void holdNextSenderHoldsOnlyTheConnectionThatSendsFirstAndResetDeliversItsBytesAfterTheOthers() throws IOException {
        try (FaultProxy proxy = FaultProxy.inFrontOf(redis.server());
                Socket held = new Socket(proxy.host(), proxy.port());
                RespClient other = new RespClient(proxy.host(), proxy.port())) {
            held.setSoTimeout(5000);
            proxy.holdNextSender();
            held.getOutputStream().write("SET held-sender first\r\n".getBytes(StandardCharsets.US_ASCII));
            Conditions.await("the first sender held", proxy::holdsASender, Duration.ofSeconds(5));
            assertThat(other.call("SET", "held-sender", "second")).isEqualTo("OK"); // another connection passes
            assertThat(other.call("GET", "held-sender")).isEqualTo("second");

            proxy.reset();
            assertThat(readExactly(held.getInputStream(), 5)).isEqualTo("+OK\r\n");
            assertThat(other.call("GET", "held-sender")).isEqualTo("first"); // it reached the server last
            assertThat(proxy.holdsASender()).isFalse();
        }
    }

    @Test
    void cutAfterBytesDeliversExactlyThatManyBytesThenCloses() throws IOException {
        redis.server().call("SET", "cut-value", "hello world");
        try (FaultProxy proxy = FaultProxy.inFrontOf(redis.server());
                Socket socket = new Socket(proxy.host(), proxy.port())) {
            socket.setSoTimeout(5000);
            proxy.cutAfterBytes(8);
            socket.getOutputStream().write("GET cut-value\r\n".getBytes(StandardCharsets.US_ASCII));
            assertThat(readUntilClosed(socket.getInputStream())).isEqualTo("$11\r\nhel");
            Waits.until("the proxy to forget the cut connection", Duration.ofSeconds(5),
                    () -> proxy.openConnections() == 0 ? Boolean.TRUE : null, () -> "");
        }
    }

    @Test
    void dripStillDeliversALargeReplyIntact() {
        String value = "x".repeat(3000);
        redis.server().call("SET", "drip-value", value);
        try (FaultProxy proxy = FaultProxy.inFrontOf(redis.server());
                RespClient client = new RespClient(proxy.host(), proxy.port())) {
            proxy.drip();
            assertThat(client.call("GET", "drip-value")).isEqualTo(value);
            assertThat(proxy.bytesToClient()).isEqualTo(("$3000\r\n" + value + "\r\n").length());
        }
    }

    @Test
    void dripWithAPauseSendsTheReplyOneByteAtATime() throws IOException {
        try (FaultProxy proxy = FaultProxy.inFrontOf(redis.server());
                Socket socket = new Socket(proxy.host(), proxy.port())) {
            socket.setSoTimeout(5000);
            proxy.drip(Duration.ofMillis(30));
            long started = System.nanoTime();
            socket.getOutputStream().write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
            assertThat(readExactly(socket.getInputStream(), 7)).isEqualTo("+PONG\r\n");
            long elapsedMillis = (System.nanoTime() - started) / 1_000_000;
            // Six pauses separate the seven bytes of +PONG\r\n.
            assertThat(elapsedMillis).isGreaterThanOrEqualTo(6 * 30);
        }
    }

    @Test
    void injectedBytesReachTheClientAsIfTheServerSentThem() {
        try (FaultProxy proxy = FaultProxy.inFrontOf(redis.server());
                RespClient client = new RespClient(proxy.host(), proxy.port())) {
            assertThat(client.call("PING")).isEqualTo("PONG");
            proxy.injectToClient("+INJECTED\r\n".getBytes(StandardCharsets.US_ASCII));
            assertThat(client.receive()).isEqualTo("INJECTED");
        }
    }

    @Test
    void dropAllClosesCurrentConnectionsButAcceptsNewOnes() {
        try (FaultProxy proxy = FaultProxy.inFrontOf(redis.server())) {
            RespClient first = new RespClient(proxy.host(), proxy.port());
            try (first) {
                assertThat(first.call("PING")).isEqualTo("PONG");
                proxy.dropAll();
                assertThatThrownBy(() -> first.call("PING")).isInstanceOf(UncheckedIOException.class);
            }
            try (RespClient second = new RespClient(proxy.host(), proxy.port())) {
                assertThat(second.call("PING")).isEqualTo("PONG");
            }
            assertThat(proxy.connectionsAccepted()).isEqualTo(2);
        }
    }

    @Test
    void closedProxyRefusesConnectionsAndEndsItsThreads() {
        FaultProxy proxy = FaultProxy.inFrontOf(redis.server());
        int port = proxy.port();
        try (RespClient client = new RespClient(proxy.host(), port)) {
            proxy.blackhole();
            proxy.close();
            assertThatThrownBy(() -> client.call("PING")).isInstanceOf(UncheckedIOException.class);
        }
        assertThatThrownBy(() -> new Socket(proxy.host(), port).close()).isInstanceOf(ConnectException.class);
        Waits.until("the proxy threads to end", Duration.ofSeconds(5),
                () -> Thread.getAllStackTraces().keySet().stream()
                        .noneMatch(thread -> thread.getName().startsWith("fault-proxy-" + port + "-")) ? Boolean.TRUE : null,
                () -> "");
    }

    private static String readExactly(InputStream input, int length) throws IOException {
        return new String(input.readNBytes(length), StandardCharsets.US_ASCII);
    }

    private static String readUntilClosed(InputStream input) throws IOException {
        ByteArrayOutputStream received = new ByteArrayOutputStream();
        int next;
        while ((next = input.read()) >= 0) {
            received.write(next);
        }
        return received.toString(StandardCharsets.US_ASCII);
    }
}
