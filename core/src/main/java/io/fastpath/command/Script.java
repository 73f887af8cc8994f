package io.fastpath.command;

import io.fastpath.RedisArgumentException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * A Lua script and its SHA1 digest, computed once here rather than asked of the server. Run it with
 * {@code evalScript}, which sends EVALSHA and falls back to EVAL (which also loads the script) when the
 * server answers {@code NOSCRIPT}. Immutable; create one per script and reuse it.
 */
public final class Script {
    private final String source;
    private final byte[] sourceBytes;
    private final String sha1;

    private Script(String source) {
        this.source = source;
        this.sourceBytes = source.getBytes(StandardCharsets.UTF_8);
        this.sha1 = sha1Hex(sourceBytes);
    }

    /** A script from its Lua source text. */
    public static Script of(String source) {
        if (source == null || source.isEmpty()) {
            throw new RedisArgumentException("a script needs its source text");
        }
        return new Script(source);
    }

    public String source() {
        return source;
    }

    /** The lower-case hex SHA1 of the UTF-8 source, the name the server knows the script by. */
    public String sha1() {
        return sha1;
    }

    byte[] sourceBytes() {
        return sourceBytes;
    }

    private static String sha1Hex(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform provides SHA-1", e);
        }
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Script that && sha1.equals(that.sha1) && source.equals(that.source);
    }

    @Override
    public int hashCode() {
        return sha1.hashCode();
    }

    @Override
    public String toString() {
        return "Script[" + sha1 + "]";
    }
}
