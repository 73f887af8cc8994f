package io.fastpath;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.internal.connection.EventDispatcher;
import io.fastpath.internal.connection.TlsContext;
import io.fastpath.testkit.RedisServer;
import io.fastpath.testkit.TlsCertificates;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Level;
import org.junit.jupiter.api.Test;

/** Failures the client survives are still logged through System.Logger, never swallowed. */
class SilentFailuresLoggedIT {

    @Test
    void anEventListenerThatThrowsIsLoggedAndStillGetsLaterEvents() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        RedisEventListener throwing = event -> {
            calls.incrementAndGet();
            throw new IllegalStateException("listener bug");
        };
        try (RedisServer server = RedisServer.start(); LogCapture log = LogCapture.of(EventDispatcher.class);
             RedisClient redis = RedisClient.builder().uri(server.uri()).connectionsPerNode(1).eventListener(throwing).build()) {
            Eventually.awaitValue(() -> log.containing("the RedisEventListener threw").size() >= 1, true, Duration.ofSeconds(10));
            server.call("CLIENT", "KILL", "TYPE", "normal"); // Disconnected, ReconnectAttempt, Connected: each throws again

            Eventually.awaitValue(() -> log.containing("the RedisEventListener threw").size() >= 3, true, Duration.ofSeconds(10));
            var record = log.containing("the RedisEventListener threw").get(0);
            assertThat(record.getLevel()).isEqualTo(Level.WARNING);
            assertThat(record.getThrown()).isInstanceOf(IllegalStateException.class).hasMessage("listener bug");
            assertThat(calls.get()).isGreaterThanOrEqualTo(3);
            assertThat(redis.ping()).isEqualTo("PONG");
        }
    }

    @Test
    void aRotatedTrustFileThatCannotBeReadIsLoggedAndTheLastGoodMaterialKeepsServing() throws Exception {
        try (TlsCertificates certificates = TlsCertificates.generate();
             RedisServer server = RedisServer.builder().tls(certificates.serverCertificate(), certificates.serverKey(),
                     certificates.caCertificate(), false).start()) {
            Path trustFile = certificates.directory().resolve("vanishing-trust.pem");
            Files.copy(certificates.caCertificate(), trustFile, StandardCopyOption.REPLACE_EXISTING);
            EventRecorder events = new EventRecorder();
            try (LogCapture log = LogCapture.of(TlsContext.class);
                 RedisClient redis = RedisClient.builder().uri(server.tlsUri()).connectionsPerNode(1)
                         .tls(TlsOptions.builder().trustedCertificates(trustFile).build()).eventListener(events).build()) {
                redis.set("k", "v");
                int before = events.events().size();
                Files.delete(trustFile); // a rotation that removed the file, or one the process may no longer read
                server.call("CLIENT", "KILL", "TYPE", "normal");

                events.awaitFrom(before, e -> e instanceof RedisEvent.Connected, "Connected again with the last good material");
                assertThat(redis.get("k")).isEqualTo("v");
                assertThat(log.containing("cannot read the TLS material")).isNotEmpty().allSatisfy(record -> {
                    assertThat(record.getLevel()).isEqualTo(Level.WARNING);
                    assertThat(LogCapture.formatted(record)).contains("vanishing-trust.pem");
                });
            }
        }
    }
}
