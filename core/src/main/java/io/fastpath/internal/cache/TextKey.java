package io.fastpath.internal.cache;

/**
 * A String key looked up without encoding it (the blocking API's cached GET): it equals the {@link CacheKey} of its
 * UTF-8 bytes when it is ASCII, whose hash ({@link CacheKey#textHash}) is then the String's own cached hash. A key
 * with any other character equals no CacheKey (such a char never equals a byte), so its hit takes the encoding path.
 * Saves a hit the key's encoding into a new array and its byte hash (benchmark CacheReadBenchmark.hit).
 *
 * <p>Only ever a lookup probe, never stored: the cache's map calls the probe's {@code equals} with its own keys, and
 * its hash is the superclass's.
 */
final class TextKey extends CacheKey {
    private final String text;

    TextKey(String text) {
        super(text.hashCode()); // = CacheKey.textHash of the key's bytes when it is ASCII
        this.text = text;
    }

    /** Whether every character is ASCII, so a lookup by this probe finds whatever a lookup by the key's bytes would. */
    boolean isAscii() {
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) >= 0x80) {
                return false;
            }
        }
        return true;
    }

    /** Whether {@code bytes} are this key's UTF-8 encoding and the key is ASCII. */
    boolean matches(byte[] bytes) {
        int length = bytes.length;
        if (text.length() != length) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            if (text.charAt(i) != bytes[i]) { // a byte of a multi-byte sequence is negative, a char never is
                return false;
            }
        }
        return true;
    }

    /** Remembers this probe's String in the stored key it matches, the first time, so the next probe by it compares identities. */
    @Override
    public boolean equals(Object other) {
        if (!(other instanceof CacheKey key) || other instanceof TextKey || key.hashCode() != hashCode()) {
            return false;
        }
        String known = key.text;
        if (known == text) {
            return true;
        }
        if (!matches(key.bytes)) {
            return false;
        }
        if (known == null) {
            key.text = text; // once per key: a String kept per hit would dirty an old object's card on every hit
        }
        return true;
    }
}
