package io.fastpath;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;

/**
 * TLS for every connection of a client: whom to trust, what to present for mutual TLS, and whether the
 * server's certificate must name the host dialled (on by default; turn it off only for a test setup).
 * {@code rediss://} URIs use {@link #defaults()}: the JVM's trusted CAs and hostname verification.
 *
 * <p>PEM files are read again on a reconnect after they change on disk, so renewed certificates and
 * keys apply without a restart. {@link #toString()} never shows a password.
 */
public final class TlsOptions {
    private static final TlsOptions DEFAULTS = builder().build();

    private final Path trustedCertificates;
    private final KeyStore trustStore;
    private final Path certificateChain;
    private final Path privateKey;
    private final KeyStore keyStore;
    private final char[] keyPassword;
    private final boolean verifyHostname;

    private TlsOptions(Builder builder) {
        this.trustedCertificates = builder.trustedCertificates;
        this.trustStore = builder.trustStore;
        this.certificateChain = builder.certificateChain;
        this.privateKey = builder.privateKey;
        this.keyStore = builder.keyStore;
        this.keyPassword = builder.keyPassword == null ? null : builder.keyPassword.clone();
        this.verifyHostname = builder.verifyHostname;
    }

    /** The JVM's trusted CAs, no client certificate, hostname verification on. */
    public static TlsOptions defaults() {
        return DEFAULTS;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** PEM file of the CA certificates to trust instead of the JVM's; null when not set. */
    public Path trustedCertificates() {
        return trustedCertificates;
    }

    /** Key store of trusted certificates instead of the JVM's; null when not set. */
    public KeyStore trustStore() {
        return trustStore;
    }

    /** PEM certificate chain presented for mutual TLS; null when not set. */
    public Path certificateChain() {
        return certificateChain;
    }

    /** PEM (PKCS#8) private key of {@link #certificateChain()}; null when not set. */
    public Path privateKey() {
        return privateKey;
    }

    /** Key store holding the client key and certificate for mutual TLS; null when not set. */
    public KeyStore keyStore() {
        return keyStore;
    }

    /** The password of an encrypted PEM key or of the key store's key; null when there is none. */
    public char[] keyPassword() {
        return keyPassword == null ? null : keyPassword.clone();
    }

    public boolean verifyHostname() {
        return verifyHostname;
    }

    @Override
    public String toString() {
        return "TlsOptions[trust=" + (trustedCertificates != null ? trustedCertificates : trustStore != null ? "key store" : "JVM default")
                + ", clientCertificate=" + (certificateChain != null ? certificateChain : keyStore != null ? "key store" : "none")
                + ", keyPassword=" + (keyPassword == null ? "none" : "****") + ", verifyHostname=" + verifyHostname + "]";
    }

    /** Builds {@link TlsOptions}; every file is checked to exist when set, before anything connects. */
    public static final class Builder {
        private Path trustedCertificates;
        private KeyStore trustStore;
        private Path certificateChain;
        private Path privateKey;
        private KeyStore keyStore;
        private char[] keyPassword;
        private boolean verifyHostname = true;

        private Builder() {}

        /** Trust the CA certificates in this PEM file instead of the JVM's. */
        public Builder trustedCertificates(Path pemFile) {
            this.trustedCertificates = readable("trustedCertificates", pemFile);
            this.trustStore = null;
            return this;
        }

        /** Trust the certificates of this key store instead of the JVM's. */
        public Builder trustStore(KeyStore store) {
            if (store == null) {
                throw new RedisArgumentException("trustStore must not be null");
            }
            this.trustStore = store;
            this.trustedCertificates = null;
            return this;
        }

        /** Mutual TLS: present this PEM certificate chain and its unencrypted PKCS#8 PEM private key. */
        public Builder clientCertificate(Path certificateChainPem, Path privateKeyPem) {
            this.certificateChain = readable("certificateChain", certificateChainPem);
            this.privateKey = readable("privateKey", privateKeyPem);
            this.keyStore = null;
            return this;
        }

        /** Mutual TLS: present the key and certificate of this key store, whose key has {@code password}. */
        public Builder clientKeyStore(KeyStore store, char[] password) {
            if (store == null) {
                throw new RedisArgumentException("clientKeyStore must not be null");
            }
            this.keyStore = store;
            this.keyPassword = password == null ? null : password.clone();
            this.certificateChain = null;
            this.privateKey = null;
            return this;
        }

        /** The password of an encrypted PEM private key given to {@link #clientCertificate}. */
        public Builder privateKeyPassword(char[] password) {
            this.keyPassword = password == null ? null : password.clone();
            return this;
        }

        /**
         * Whether the server's certificate must name the host (or IP address) the client dials; on by
         * default. Turning it off accepts any certificate the trusted CAs signed, for any name.
         */
        public Builder verifyHostname(boolean verify) {
            this.verifyHostname = verify;
            return this;
        }

        public TlsOptions build() {
            return new TlsOptions(this);
        }

        private static Path readable(String name, Path file) {
            if (file == null) {
                throw new RedisArgumentException(name + " must not be null");
            }
            if (!Files.isReadable(file)) {
                throw new RedisArgumentException(name + " is not a readable file: " + file);
            }
            return file;
        }
    }
}
