package io.fastpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.testkit.RedisServer;
import io.fastpath.testkit.TlsCertificates;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** TLS against real servers with certificates made at test time (fault catalogue case 26). */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TlsIT {
    TlsCertificates certificates;
    RedisServer server;
    RedisServer mutualTlsServer;
    RedisServer wrongHostServer;
    RedisServer otherCaServer;

    @BeforeAll
    void start() {
        certificates = TlsCertificates.generate();
        server = RedisServer.builder().tls(certificates.serverCertificate(), certificates.serverKey(),
                certificates.caCertificate(), false).start();
        mutualTlsServer = RedisServer.builder().tls(certificates.serverCertificate(), certificates.serverKey(),
                certificates.caCertificate(), true).start();
        wrongHostServer = RedisServer.builder().tls(certificates.wrongHostCertificate(), certificates.wrongHostKey(),
                certificates.caCertificate(), false).start();
        otherCaServer = RedisServer.builder().tls(certificates.otherServerCertificate(), certificates.otherServerKey(),
                certificates.caCertificate(), false).start();
    }

    @AfterAll
    void stop() {
        for (AutoCloseable closeable : new AutoCloseable[] {server, mutualTlsServer, wrongHostServer, otherCaServer, certificates}) {
            try {
                if (closeable != null) {
                    closeable.close();
                }
            } catch (Exception ignored) {
                // Closing the rest matters more.
            }
        }
    }

    private TlsOptions.Builder trustingTheTestCa() {
        return TlsOptions.builder().trustedCertificates(certificates.caCertificate());
    }

    @Test
    void aServerCertificateNamingItsIpAddressAndSignedByTheTrustedCaIsAccepted() {
        try (RedisClient redis = RedisClient.builder().uri(server.tlsUri()).tls(trustingTheTestCa().build()).build()) {
            redis.set("over-tls", "yes");
            assertThat(redis.get("over-tls")).isEqualTo("yes");
            assertThat(server.call("GET", "over-tls")).isEqualTo("yes"); // the same server, through its plain port
        }
    }

    @Test
    void hostnameVerificationRefusesACertificateForAnotherNameByDefault() {
        assertThatThrownBy(() -> RedisClient.builder().uri(wrongHostServer.tlsUri()).tls(trustingTheTestCa().build())
                .connectTimeout(Duration.ofSeconds(2)).build())
                .isInstanceOf(RedisConnectionException.class)
                .hasMessageContaining("127.0.0.1:" + wrongHostServer.tlsPort())
                .hasMessageContaining("TLS handshake failed")
                .hasMessageContaining("127.0.0.1");
    }

    @Test
    void turningHostnameVerificationOffAcceptsAnotherNameFromTheTrustedCa() {
        try (RedisClient redis = RedisClient.builder().uri(wrongHostServer.tlsUri())
                .tls(trustingTheTestCa().verifyHostname(false).build()).build()) {
            assertThat(redis.ping()).isEqualTo("PONG");
        }
    }

    @Test
    void aServerCertificateFromAnUntrustedCaIsRefusedEvenWithoutHostnameVerification() {
        assertThatThrownBy(() -> RedisClient.builder().uri(otherCaServer.tlsUri())
                .tls(trustingTheTestCa().verifyHostname(false).build()).connectTimeout(Duration.ofSeconds(2)).build())
                .isInstanceOf(RedisConnectionException.class)
                .hasMessageContaining("127.0.0.1:" + otherCaServer.tlsPort())
                .hasMessageContaining("TLS handshake failed");
    }

    @Test
    void aRedissUriToAPlainPortFailsWithinOneConnectTimeoutSayingTheServerDidNotAnswerTls() {
        Duration connectTimeout = Duration.ofSeconds(4);
        long started = System.nanoTime();
        assertThatThrownBy(() -> RedisClient.builder().uri("rediss://127.0.0.1:" + server.port()).tls(trustingTheTestCa().build())
                .connectTimeout(connectTimeout).build())
                .isInstanceOf(RedisConnectionException.class)
                .hasMessageContaining("127.0.0.1:" + server.port())
                .hasMessageContaining("TLS handshake").hasMessageContaining("may not speak TLS on this port");
        // A correctness bound, not a speed claim: it used to retry once, failing after two connect timeouts (8 s here).
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(connectTimeout.multipliedBy(7).dividedBy(4));
    }

    @Test
    void aRedissUriTrustsOnlyTheJvmsCertificateAuthorities() {
        assertThatThrownBy(() -> RedisClient.builder().uri(server.tlsUri()).connectTimeout(Duration.ofSeconds(2)).build())
                .isInstanceOf(RedisConnectionException.class)
                .hasMessageContaining("TLS handshake failed");
    }

    @Test
    void mutualTlsPresentsTheClientCertificateTheServerRequires() {
        TlsOptions withClientCertificate = trustingTheTestCa()
                .clientCertificate(certificates.clientCertificate(), certificates.clientKey()).build();
        try (RedisClient redis = RedisClient.builder().uri(mutualTlsServer.tlsUri()).tls(withClientCertificate).build()) {
            assertThat(redis.ping()).isEqualTo("PONG");
        }
        assertThatThrownBy(() -> RedisClient.builder().uri(mutualTlsServer.tlsUri()).tls(trustingTheTestCa().build())
                .connectTimeout(Duration.ofSeconds(2)).build())
                .isInstanceOf(RedisConnectionException.class)
                .hasMessageContaining("127.0.0.1:" + mutualTlsServer.tlsPort())
                .hasMessageContaining("TLS");
    }

    @Test
    void aRenewedClientCertificateIsPresentedOnTheNextReconnectWithoutRestartingTheClient() throws Exception {
        Path certificateFile = certificates.directory().resolve("rotating-client.crt");
        Path keyFile = certificates.directory().resolve("rotating-client.key");
        Files.copy(certificates.clientCertificate(), certificateFile, StandardCopyOption.REPLACE_EXISTING);
        Files.copy(certificates.clientKey(), keyFile, StandardCopyOption.REPLACE_EXISTING);
        try (RedisServer rotating = RedisServer.builder().tls(certificates.serverCertificate(), certificates.serverKey(),
                certificates.caCertificate(), true).start()) {
            EventRecorder events = new EventRecorder();
            try (RedisClient redis = RedisClient.builder().uri(rotating.tlsUri()).connectionsPerNode(1)
                    .tls(trustingTheTestCa().clientCertificate(certificateFile, keyFile).build())
                    .commandTimeout(Duration.ofMillis(1500)).eventListener(events).build()) {
                redis.set("k", "v");
                // The server now accepts only client certificates of the other CA: the old one is refused.
                rotating.call("CONFIG", "SET", "tls-ca-cert-file", certificates.otherCaCertificate().toString());
                rotating.call("CLIENT", "KILL", "TYPE", "normal");
                int killed = events.awaitFrom(0, e -> e instanceof RedisEvent.Disconnected, "Disconnected by the kill");
                events.awaitFrom(killed + 1, e -> e instanceof RedisEvent.ReconnectAttempt a && a.lastFailure().contains("TLS"),
                        "a reconnect refused over TLS");

                int before = events.events().size();
                Files.copy(certificates.otherClientCertificate(), certificateFile, StandardCopyOption.REPLACE_EXISTING);
                Files.copy(certificates.otherClientKey(), keyFile, StandardCopyOption.REPLACE_EXISTING);
                events.awaitFrom(before, e -> e instanceof RedisEvent.Connected, "Connected with the renewed certificate");
                assertThat(redis.get("k")).isEqualTo("v");
            }
        }
    }

    @Test
    void keyStoresServeAsTrustAndAsTheClientCertificateForMutualTls() throws Exception {
        KeyStore trust = KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        try (InputStream ca = Files.newInputStream(certificates.caCertificate())) {
            trust.setCertificateEntry("test-ca", CertificateFactory.getInstance("X.509").generateCertificate(ca));
        }
        char[] password = "store-password".toCharArray();
        Path clientStore = certificates.directory().resolve("client.p12");
        Process export = new ProcessBuilder("openssl", "pkcs12", "-export", "-in", certificates.clientCertificate().toString(),
                "-inkey", certificates.clientKey().toString(), "-out", clientStore.toString(), "-passout", "pass:store-password")
                .redirectErrorStream(true).start();
        assertThat(export.waitFor()).as(new String(export.getInputStream().readAllBytes())).isZero();
        KeyStore client = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(clientStore)) {
            client.load(in, password);
        }
        TlsOptions options = TlsOptions.builder().trustStore(trust).clientKeyStore(client, password).build();
        try (RedisClient redis = RedisClient.builder().uri(mutualTlsServer.tlsUri()).tls(options).build()) {
            assertThat(redis.ping()).isEqualTo("PONG");
        }
        assertThat(options.toString()).doesNotContain("store-password");
    }

    @Test
    void unreadableTlsMaterialFailsBeforeConnecting() throws Exception {
        Path notPem = Files.writeString(certificates.directory().resolve("not-a-certificate.pem"), "hello");
        assertThatThrownBy(() -> RedisClient.builder().uri(server.tlsUri())
                .tls(TlsOptions.builder().trustedCertificates(notPem).build()).build())
                .isInstanceOf(RedisArgumentException.class)
                .hasMessageContaining("TLS material");
        assertThatThrownBy(() -> TlsOptions.builder().trustedCertificates(certificates.directory().resolve("missing.pem")))
                .isInstanceOf(RedisArgumentException.class)
                .hasMessageContaining("missing.pem");
    }

    @Test
    void aRefusedTlsHandshakeBacksOffAndARotatedTrustFileIsReadOnTheNextReconnect() throws Exception {
        Path trustFile = certificates.directory().resolve("rotating-trust.pem");
        Files.copy(certificates.caCertificate(), trustFile, StandardCopyOption.REPLACE_EXISTING);
        try (RedisServer rotating = RedisServer.builder().tls(certificates.serverCertificate(), certificates.serverKey(),
                certificates.caCertificate(), false).start()) {
            EventRecorder events = new EventRecorder();
            try (RedisClient redis = RedisClient.builder().uri(rotating.tlsUri()).connectionsPerNode(1)
                    .tls(TlsOptions.builder().trustedCertificates(trustFile).build())
                    .commandTimeout(Duration.ofMillis(1500)).eventListener(events).build()) {
                redis.set("k", "v");
                // The server moves to a certificate of another CA, which the client does not trust yet.
                rotating.call("CONFIG", "SET", "tls-cert-file", certificates.otherServerCertificate().toString(),
                        "tls-key-file", certificates.otherServerKey().toString());
                int beforeKill = events.events().size();
                rotating.call("CLIENT", "KILL", "TYPE", "normal");
                // The client notices the kill, so the next command waits for a reconnect.
                events.awaitFrom(beforeKill, event -> event instanceof RedisEvent.Disconnected, "Disconnected after the kill");

                assertThatThrownBy(() -> redis.get("k"))
                        .isInstanceOf(RedisNotSentException.class)
                        .hasMessageContaining("TLS handshake failed");
                long refusedAttempts = events.events().stream().filter(e -> e instanceof RedisEvent.ReconnectAttempt a
                        && a.lastFailure().contains("TLS handshake failed")).count();
                // Exponential backoff allows about a dozen attempts in this window; a hot loop would make hundreds.
                assertThat(refusedAttempts).isBetween(2L, 25L);

                int before = events.events().size();
                Files.copy(certificates.otherCaCertificate(), trustFile, StandardCopyOption.REPLACE_EXISTING);
                events.awaitFrom(before, e -> e instanceof RedisEvent.Connected, "Connected with the rotated trust file");
                assertThat(redis.get("k")).isEqualTo("v");
            }
        }
    }
}
