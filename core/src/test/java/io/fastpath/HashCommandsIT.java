package io.fastpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.command.ScanArgs;
import io.fastpath.command.ScanPage;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HashCommandsIT extends RedisServerPerClass {

    private static Map<String, String> entries(String... fieldsAndValues) {
        Map<String, String> map = new LinkedHashMap<>();
        for (int i = 0; i < fieldsAndValues.length; i += 2) {
            map.put(fieldsAndValues[i], fieldsAndValues[i + 1]);
        }
        return map;
    }

    @Test
    void hsetCountsOnlyNewFieldsAndHgetReadsThem() {
        assertThat(redis.hset("h", entries("a", "1", "b", "2"))).isEqualTo(2);
        assertThat(redis.hset("h", entries("b", "3", "c", "4"))).isEqualTo(1);
        assertThat(redis.hset("h", "d", "5")).isTrue();
        assertThat(redis.hset("h", "d", "6")).isFalse();
        assertThat(redis.hget("h", "b")).isEqualTo("3");
        assertThat(redis.hget("h", "missing")).isNull();
        assertThat(redis.hget("missing", "a")).isNull();
        assertThat(redis.hsetnx("h", "a", "changed")).isFalse();
        assertThat(redis.hsetnx("h", "e", "7")).isTrue();
        assertThat(redis.hget("h", "a")).isEqualTo("1");
    }

    @Test
    void hmgetKeepsTheOrderOfTheFieldsWithNullsForMissingOnes() {
        redis.hset("h", entries("a", "1", "b", "2"));
        assertThat(redis.hmget("h", "b", "missing", "a")).containsExactly("2", null, "1");
        assertThat(redis.hmget("h", List.of("a"))).containsExactly("1");
    }

    @Test
    void hgetAllReturnsEveryFieldAndIsEmptyForAMissingKey() {
        redis.hset("h", entries("z", "1", "a", "2", "m", "3"));
        // A small hash is a listpack, which the server walks in insertion order.
        assertThat(redis.hgetAll("h")).containsExactly(Map.entry("z", "1"), Map.entry("a", "2"), Map.entry("m", "3"));
        assertThat(redis.hgetAll("missing")).isEmpty();
        assertThat(redis.async().hgetAll("h").join()).hasSize(3);
    }

    @Test
    void fieldListingAndLengthsDescribeTheHash() {
        redis.hset("h", entries("a", "one", "b", "three"));
        assertThat(redis.hkeys("h")).containsExactly("a", "b");
        assertThat(redis.hvals("h")).containsExactly("one", "three");
        assertThat(redis.hlen("h")).isEqualTo(2);
        assertThat(redis.hlen("missing")).isZero();
        assertThat(redis.hstrlen("h", "b")).isEqualTo(5);
        assertThat(redis.hstrlen("h", "missing")).isZero();
        assertThat(redis.hexists("h", "a")).isTrue();
        assertThat(redis.hexists("h", "missing")).isFalse();
    }

    @Test
    void hdelRemovesOnlyExistingFields() {
        redis.hset("h", entries("a", "1", "b", "2", "c", "3"));
        assertThat(redis.hdel("h", "a", "missing")).isEqualTo(1);
        assertThat(redis.hdel("h", List.of("b", "c"))).isEqualTo(2);
        assertThat(redis.exists("h")).isZero();
    }

    @Test
    void incrementsStartFromZeroForMissingFields() {
        assertThat(redis.hincrBy("h", "n", 5)).isEqualTo(5);
        assertThat(redis.hincrBy("h", "n", -7)).isEqualTo(-2);
        assertThat(redis.hincrByFloat("h", "f", 1.25)).isEqualTo(1.25);
        assertThat(redis.hincrByFloat("h", "f", 0.5)).isEqualTo(1.75);
        assertThat(redis.hget("h", "f")).isEqualTo("1.75");
    }

    @Test
    void hrandFieldPicksExistingFieldsWithTheirValues() {
        Map<String, String> stored = entries("a", "1", "b", "2", "c", "3");
        redis.hset("h", stored);
        assertThat(redis.hrandField("h")).isIn(stored.keySet());
        assertThat(redis.hrandField("missing")).isNull();
        assertThat(redis.hrandField("h", 10)).containsExactlyInAnyOrderElementsOf(stored.keySet());
        assertThat(redis.hrandField("h", -5)).hasSize(5).allMatch(stored::containsKey);
        List<Map.Entry<String, String>> withValues = redis.hrandFieldWithValues("h", 3);
        assertThat(withValues).containsExactlyInAnyOrderElementsOf(stored.entrySet());
        assertThat(redis.hrandFieldWithValues("h", -4)).hasSize(4)
                .allSatisfy(entry -> assertThat(stored.get(entry.getKey())).isEqualTo(entry.getValue()));
        assertThat(redis.hrandFieldWithValues("missing", 2)).isEmpty();
    }

    @Test
    void hscanIteratorReturnsEveryFieldOfALargeHash() {
        Map<String, String> stored = new HashMap<>();
        for (int i = 0; i < 1000; i++) {
            stored.put("field" + i, "value" + i);
        }
        redis.hset("big", stored);
        Map<String, String> seen = new HashMap<>();
        for (Map.Entry<String, String> entry : redis.hscan("big", ScanArgs.none().count(200))) {
            seen.put(entry.getKey(), entry.getValue());
        }
        assertThat(seen).isEqualTo(stored);
        ScanPage<Map.Entry<String, String>> page = redis.async().hscanPage("big", "0", ScanArgs.none().match("field1*")).join();
        assertThat(page.elements()).allMatch(entry -> entry.getKey().startsWith("field1"));
    }

    @Test
    void binaryHashesKeepBytesUnchanged() {
        byte[] field = {0, (byte) 0xfe};
        byte[] value = "v".getBytes(StandardCharsets.UTF_8);
        byte[] key = "bin".getBytes(StandardCharsets.UTF_8);
        assertThat(redis.binary().hset(key, field, value)).isTrue();
        assertThat(redis.binary().hget(key, field)).isEqualTo(value);
        assertThat(redis.binary().hkeys(key)).singleElement().isEqualTo(field);
    }

    @Test
    void invalidArgumentsFailBeforeAnythingIsSent() {
        assertThatThrownBy(() -> redis.hset("h", Map.of())).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> redis.hmget("h", List.of())).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> redis.hdel("h")).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> redis.hget(null, "f")).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> redis.hset("h", "f", null)).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> redis.hrandField("h", 0)).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> redis.hincrByFloat("h", "f", Double.NaN)).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> redis.hincrByFloat("h", "f", Double.POSITIVE_INFINITY))
                .isInstanceOf(RedisArgumentException.class);
        assertThat(redis.dbsize()).isZero();
    }
}
