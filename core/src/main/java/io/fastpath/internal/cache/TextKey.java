package io.fastpath.internal.cache;

/**
 * A String key looked up without encoding it (the blocking API's cached GET): it equals the {@link CacheKey} of its
 * UTF-8 bytes when it is ASCII, whose byte hash ({@code Arrays.hashCode}) then follows from the String's own cached
 * hash and its length (the two differ only in their seed: 1 for arrays, 0 for Strings, times 31 per element). A key
 * with any other character equals no CacheKey (such a char never equals a byte), so its hit takes the encoding path.
 * Saves a hit the key's encoding into a new array and its byte hash (benchmark CacheReadBenchmark.hit).
 *
 * <p>Only ever a lookup probe, never stored: the cache's map calls the probe's {@code equals} with its own keys, and
 * its hash is the superclass's.
 */
final class TextKey extends CacheKey {
    /** 31 to the power of a short key's length: the array hash's seed after that many elements. */
    private static final int[] SEED_POWERS = new int[128];

    static {
        SEED_POWERS[0] = 1;
        for (int length = 1; length < SEED_POWERS.length; length++) {
            SEED_POWERS[length] = SEED_POWERS[length - 1] * 31;
        }
    }

    private final String text;

    TextKey(String text) {
        super(seedPower(text.length()) + text.hashCode()); // = Arrays.hashCode of the key's bytes when it is ASCII
        this.text = text;
    }

    private static int seedPower(int length) {
        if (length < SEED_POWERS.length) {
            return SEED_POWERS[length];
        }
        int power = 1;
        for (int i = 0; i < length; i++) {
            power *= 31;
        }
        return power;
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

    @Override
    public boolean equals(Object other) {
        return other instanceof CacheKey key && !(other instanceof TextKey) && key.hashCode() == hashCode() && matches(key.bytes);
    }
}
