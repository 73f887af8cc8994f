package io.fastpath.testkit;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Test certificates made at test time with the {@code openssl} command line tool (EC P-256, PEM, valid
 * for two days): a CA, a server certificate for {@code IP:127.0.0.1} and {@code DNS:localhost}, a client
 * certificate for {@code DNS:localhost} only, a client certificate for mutual TLS, a server certificate for a wrong host name, and a second, unrelated CA
 * with its own server and client certificates. Files live in a temporary directory removed by {@link #close()}.
 */
public final class TlsCertificates implements AutoCloseable {
    private final Path directory;

    private TlsCertificates(Path directory) {
        this.directory = directory;
    }

    /** Generates every certificate; takes well under a second. */
    public static TlsCertificates generate() {
        Path directory = TemporaryDirectories.create("fastpath-tls-");
        TlsCertificates certificates = new TlsCertificates(directory);
        try {
            certificates.newCa("ca", "Fastpath Test CA");
            certificates.newCa("other-ca", "Unrelated Test CA");
            // clientAuth too: with tls-cluster, a node presents its server certificate to the other nodes' buses.
            certificates.issue("server", "ca", "localhost", "subjectAltName=IP:127.0.0.1,DNS:localhost", "serverAuth,clientAuth");
            // No IP SAN: a client that dials 127.0.0.1 is refused, so a connection that succeeds was made by name.
            certificates.issue("hostname-only", "ca", "localhost", "subjectAltName=DNS:localhost", "serverAuth,clientAuth");
            certificates.issue("client", "ca", "fastpath-client", null, "clientAuth");
            certificates.issue("wrong-host", "ca", "wrong.example", "subjectAltName=DNS:wrong.example", "serverAuth");
            certificates.issue("other-client", "other-ca", "fastpath-client-renewed", null, "clientAuth");
            certificates.issue("other-server", "other-ca", "localhost", "subjectAltName=IP:127.0.0.1,DNS:localhost", "serverAuth");
            return certificates;
        } catch (RuntimeException failure) {
            certificates.close();
            throw failure;
        }
    }

    public Path caCertificate() {
        return directory.resolve("ca.crt");
    }

    public Path serverCertificate() {
        return directory.resolve("server.crt");
    }

    public Path serverKey() {
        return directory.resolve("server.key");
    }

    public Path clientCertificate() {
        return directory.resolve("client.crt");
    }

    public Path clientKey() {
        return directory.resolve("client.key");
    }

    /** Issued by the same CA for {@code DNS:localhost} only (no IP SAN): verifies only when dialled by name. */
    public Path hostnameOnlyCertificate() {
        return directory.resolve("hostname-only.crt");
    }

    public Path hostnameOnlyKey() {
        return directory.resolve("hostname-only.key");
    }

    /** Issued by the same CA for {@code DNS:wrong.example} only: hostname verification must refuse it. */
    public Path wrongHostCertificate() {
        return directory.resolve("wrong-host.crt");
    }

    public Path wrongHostKey() {
        return directory.resolve("wrong-host.key");
    }

    /** A CA that signed nothing the server above presents. */
    public Path otherCaCertificate() {
        return directory.resolve("other-ca.crt");
    }

    /** A client certificate issued by {@link #otherCaCertificate()}, e.g. the renewal after a CA change. */
    public Path otherClientCertificate() {
        return directory.resolve("other-client.crt");
    }

    public Path otherClientKey() {
        return directory.resolve("other-client.key");
    }

    /** A server certificate for 127.0.0.1 issued by {@link #otherCaCertificate()}. */
    public Path otherServerCertificate() {
        return directory.resolve("other-server.crt");
    }

    public Path otherServerKey() {
        return directory.resolve("other-server.key");
    }

    public Path directory() {
        return directory;
    }

    @Override
    public void close() {
        TemporaryDirectories.deleteQuietly(directory);
    }

    private void newCa(String name, String commonName) {
        openssl("req", "-x509", "-new", "-nodes", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256",
                "-keyout", name + ".key", "-out", name + ".crt", "-days", "2", "-subj", "/CN=" + commonName,
                "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign");
    }

    private void issue(String name, String ca, String commonName, String subjectAltName, String usage) {
        openssl("req", "-new", "-nodes", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256",
                "-keyout", name + ".key", "-out", name + ".csr", "-subj", "/CN=" + commonName);
        List<String> extensions = new ArrayList<>(List.of("basicConstraints=CA:FALSE",
                "keyUsage=critical,digitalSignature,keyAgreement", "extendedKeyUsage=" + usage));
        if (subjectAltName != null) {
            extensions.add(subjectAltName);
        }
        try {
            Files.write(directory.resolve(name + ".ext"), extensions, StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new RedisTestkitException("Cannot write the extensions of " + name, e);
        }
        openssl("x509", "-req", "-in", name + ".csr", "-CA", ca + ".crt", "-CAkey", ca + ".key", "-CAcreateserial",
                "-out", name + ".crt", "-days", "2", "-extfile", name + ".ext");
    }

    private void openssl(String... arguments) {
        List<String> command = new ArrayList<>();
        command.add("openssl");
        command.addAll(Arrays.asList(arguments));
        try {
            Process process = new ProcessBuilder(command).directory(directory.toFile()).redirectErrorStream(true).start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new RedisTestkitException("openssl did not finish: " + String.join(" ", command));
            }
            if (process.exitValue() != 0) {
                throw new RedisTestkitException("openssl failed (" + process.exitValue() + "): " + String.join(" ", command)
                        + "\n" + output);
            }
        } catch (IOException e) {
            throw new RedisTestkitException("Cannot run openssl (is it installed?)", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RedisTestkitException("Interrupted while running openssl", e);
        }
    }
}
