package io.fastpath.internal.cache;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TextKeyTest {

    private static CacheKey bytesOf(String key) {
        return new CacheKey(key.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void anAsciiKeyHashesAndComparesAsItsUtf8Bytes() {
        for (String key : new String[] {"", "k", "user:1042", "hot:000123", "~!@#$%^&*()_+{}|:\"<>?`-=[]\\;',./ \t\u007f"}) {
            TextKey text = new TextKey(key);
            CacheKey bytes = bytesOf(key);
            assertThat(text.hashCode()).as(key).isEqualTo(bytes.hashCode());
            assertThat(text.equals(bytes)).as(key).isTrue();
            assertThat(bytes.equals(text)).as(key).isTrue();
        }
    }

    @Test
    void aKeyWithAnyNonAsciiCharacterEqualsNoCacheKeyEvenItsOwnBytes() {
        for (String key : new String[] {"clé", "键", "\u0080", "a\u00ff", "emoji:\uD83D\uDE00"}) {
            assertThat(new TextKey(key).equals(bytesOf(key))).as(key).isFalse();
            assertThat(bytesOf(key).equals(new TextKey(key))).as(key).isFalse();
        }
    }

    @Test
    void onlyAKeyOfAsciiCharactersCountsAsAscii() {
        assertThat(new TextKey("user:1042 \u007f").isAscii()).isTrue();
        assertThat(new TextKey("").isAscii()).isTrue();
        for (String key : new String[] {"clé", "键", "\u0080", "emoji:\uD83D\uDE00"}) {
            assertThat(new TextKey(key).isAscii()).as(key).isFalse();
        }
    }

    @Test
    void keysOfOtherLengthsOrCharactersDoNotMatch() {
        TextKey text = new TextKey("user:1");
        assertThat(text.equals(bytesOf("user:2"))).isFalse();
        assertThat(text.equals(bytesOf("user:10"))).isFalse();
        assertThat(text.equals(bytesOf("user:"))).isFalse();
        assertThat(text.equals(new TextKey("user:1"))).isFalse(); // a probe is compared with stored keys only
    }

    @Test
    void aMapKeyedByCacheKeysFindsTheAsciiEntryByItsString() {
        Map<CacheKey, String> map = new HashMap<>();
        map.put(bytesOf("hot:7"), "seven");
        map.put(bytesOf("clé"), "key");
        assertThat(map.get(new TextKey("hot:7"))).isEqualTo("seven");
        assertThat(map.get(new TextKey("hot:8"))).isNull();
        assertThat(map.get(new TextKey("clé"))).isNull(); // looked up again by its bytes
    }

    @Test
    void aStoredKeyRemembersTheFirstStringFoundByItAndStillMatchesOtherEqualStrings() {
        CacheKey stored = bytesOf("user:1042");
        String first = new String("user:1042");
        assertThat(new TextKey(first).equals(stored)).isTrue();
        assertThat(stored.text).isSameAs(first);
        String second = new String("user:1042");
        assertThat(new TextKey(second).equals(stored)).isTrue();
        assertThat(stored.text).isSameAs(first); // remembered once: a later String leaves no write on the stored key
    }

    @Test
    void aStringOfTheSameHashButOtherCharactersMatchesNeitherByIdentityNorByCharacters() {
        assertThat("Aa".hashCode()).isEqualTo("BB".hashCode());
        CacheKey stored = bytesOf("BB");
        assertThat(new TextKey("BB").equals(stored)).isTrue();
        assertThat(new TextKey("Aa").equals(stored)).isFalse();
        assertThat(new TextKey("Aa").equals(bytesOf("Aa"))).isTrue();
        assertThat(bytesOf("Aa").text).isNull(); // only a match is remembered
    }
}
