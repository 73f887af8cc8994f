package io.fastpath.internal.connection;

import io.fastpath.RedisArgumentException;
import io.fastpath.TlsOptions;
import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslProvider;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLException;
import javax.net.ssl.TrustManagerFactory;

/**
 * The client side of TLS for every connection of a client: a Netty {@link SslContext} (JDK provider)
 * built from {@link TlsOptions}, and one {@link SslHandler} per channel (with the host and port, for SNI
 * and hostname verification: {@code HTTPS} endpoint identification, which checks IP SANs for IP
 * addresses) unless turned off.
 *
 * <p>PEM files are read again on every connect and the context is rebuilt when their bytes changed, so
 * renewed certificates and keys apply on the next reconnect. Thread ownership: any thread (event loops
 * of all connections); the current context is swapped through a volatile field.
 */
public final class TlsContext {
    private static final System.Logger LOG = System.getLogger(TlsContext.class.getName());
    private final TlsOptions options;
    private volatile Loaded loaded;

    /** A context and the PEM bytes it was built from. */
    private record Loaded(SslContext context, List<byte[]> pemFiles) {}

    private TlsContext(TlsOptions options, Loaded loaded) {
        this.options = options;
        this.loaded = loaded;
    }

    /** Reads and checks all material now, so a bad file fails before anything is sent. */
    public static TlsContext create(TlsOptions options) {
        List<byte[]> pemFiles;
        try {
            pemFiles = readPemFiles(options);
        } catch (IOException e) {
            throw new RedisArgumentException("cannot read the TLS material (" + e.getClass().getSimpleName() + ": "
                    + e.getMessage() + ")");
        }
        try {
            return new TlsContext(options, new Loaded(build(options, pemFiles), pemFiles));
        } catch (SSLException | GeneralSecurityException | IllegalArgumentException e) {
            throw new RedisArgumentException("the TLS material is not usable (" + e.getClass().getSimpleName() + ": "
                    + e.getMessage() + "); expected PEM certificates and an unencrypted PKCS#8 PEM key, or key stores");
        }
    }

    public TlsOptions options() {
        return options;
    }

    /** A handler for one new channel to {@code endpoint}, from PEM files re-read if they changed. */
    SslHandler newHandler(ByteBufAllocator allocator, Endpoint endpoint, long handshakeTimeoutMillis) {
        SslHandler handler = current().newHandler(allocator, endpoint.host(), endpoint.port());
        handler.setHandshakeTimeoutMillis(handshakeTimeoutMillis);
        return handler;
    }

    private SslContext current() {
        Loaded now = loaded;
        List<byte[]> pemFiles;
        try {
            pemFiles = readPemFiles(options);
        } catch (IOException unreadable) {
            // Mid-rotation (a file being replaced): keep the last good context, retry next connect; but say so.
            LOG.log(System.Logger.Level.WARNING, "cannot read the TLS material (" + unreadable
                    + "); this connect uses the last material read, and the next connect reads it again", unreadable);
            return now.context();
        }
        if (sameBytes(pemFiles, now.pemFiles())) {
            return now.context();
        }
        try {
            Loaded rebuilt = new Loaded(build(options, pemFiles), pemFiles);
            loaded = rebuilt;
            return rebuilt.context();
        } catch (SSLException | GeneralSecurityException | IllegalArgumentException halfWritten) {
            LOG.log(System.Logger.Level.WARNING, "the rotated TLS material is not usable (" + halfWritten
                    + "); this connect uses the last good material, and the next connect reads it again", halfWritten);
            return now.context();
        }
    }

    private static SslContext build(TlsOptions options, List<byte[]> pemFiles) throws SSLException, GeneralSecurityException {
        // Set both ways: Netty 4.2 verifies host names by default, so "off" must be explicit. HTTPS
        // identification checks the host dialled against the certificate's DNS or IP subject alternative names.
        SslContextBuilder builder = SslContextBuilder.forClient().sslProvider(SslProvider.JDK)
                .endpointIdentificationAlgorithm(options.verifyHostname() ? "HTTPS" : null);
        int next = 0;
        if (options.trustedCertificates() != null) {
            builder.trustManager(new ByteArrayInputStream(pemFiles.get(next++)));
        } else if (options.trustStore() != null) {
            TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            trust.init(options.trustStore());
            builder.trustManager(trust);
        }
        char[] password = options.keyPassword();
        if (options.certificateChain() != null) {
            builder.keyManager(new ByteArrayInputStream(pemFiles.get(next++)), new ByteArrayInputStream(pemFiles.get(next)),
                    password == null ? null : new String(password));
        } else if (options.keyStore() != null) {
            KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            keys.init(options.keyStore(), password);
            builder.keyManager(keys);
        }
        return builder.build();
    }

    /** Trusted certificates, then certificate chain and key, whichever are set, in that order. */
    private static List<byte[]> readPemFiles(TlsOptions options) throws IOException {
        List<byte[]> files = new ArrayList<>();
        for (Path path : new Path[] {options.trustedCertificates(), options.certificateChain(), options.privateKey()}) {
            if (path != null) {
                files.add(Files.readAllBytes(path));
            }
        }
        return files;
    }

    private static boolean sameBytes(List<byte[]> a, List<byte[]> b) {
        if (a.size() != b.size()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            if (!Arrays.equals(a.get(i), b.get(i))) {
                return false;
            }
        }
        return true;
    }
}
