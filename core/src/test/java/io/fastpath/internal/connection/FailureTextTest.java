package io.fastpath.internal.connection;

import static org.assertj.core.api.Assertions.assertThat;

import java.security.cert.CertificateException;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.Test;

class FailureTextTest {

    @Test
    void aCertificateThatDoesNotNameTheDialledIpSaysSoAndHintsAtHostnames() {
        SSLHandshakeException handshake = new SSLHandshakeException("handshake failed");
        handshake.initCause(new CertificateException("No subject alternative names matching IP address 127.0.0.1 found"));

        String text = FailureText.hostnameMismatch(handshake, "127.0.0.1");

        assertThat(text).contains("does not name the host dialled, 127.0.0.1")
                .contains("cluster-preferred-endpoint-type hostname").contains("IP subject alternative names");
    }

    @Test
    void aCertificateThatDoesNotNameTheDialledHostnameSaysSo() {
        String text = FailureText.hostnameMismatch(
                new CertificateException("No subject alternative DNS name matching node-a.example found."), "node-a.example");

        assertThat(text).contains("does not name the host dialled, node-a.example");
    }

    @Test
    void anUntrustedCertificateIsNotCalledANameMismatch() {
        assertThat(FailureText.hostnameMismatch(new CertificateException("PKIX path building failed"), "localhost")).isNull();
    }
}
