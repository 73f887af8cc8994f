package io.fastpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.command.ExpireCondition;
import io.fastpath.command.GetExArgs;
import io.fastpath.command.KeyType;
import io.fastpath.command.ScanArgs;
import io.fastpath.command.ScanPage;
import io.fastpath.command.SetArgs;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class KeyCommandsIT extends RedisServerPerClass {

    @Test
    void deleteUnlinkExistsAndTouchCountOnlyExistingKeys() {
        redis.set("a", "1");
        redis.set("b", "2");
        redis.set("c", "3");
        assertThat(redis.exists("a", "a", "missing")).isEqualTo(2);
        assertThat(redis.exists(List.of("b"))).isEqualTo(1);
        assertThat(redis.touch("a", "missing")).isEqualTo(1);
        assertThat(redis.touch(List.of("a", "b"))).isEqualTo(2);
        assertThat(redis.del("a", "missing")).isEqualTo(1);
        assertThat(redis.unlink(List.of("b", "c"))).isEqualTo(2);
        assertThat(redis.del(List.of("a"))).isZero();
        assertThat(redis.unlink("a")).isZero();
        assertThat(redis.dbsize()).isZero();
    }

    @Test
    void expireSetsATimeToLiveThatTtlAndPttlReport() {
        redis.set("k", "v");
        assertThat(redis.ttl("k")).isEqualTo(-1);
        assertThat(redis.pttl("missing")).isEqualTo(-2);
        assertThat(redis.expire("k", Duration.ofSeconds(100))).isTrue();
        assertThat(redis.ttl("k")).isBetween(98L, 100L);
        assertThat(redis.pexpire("k", 50_000)).isTrue();
        assertThat(redis.pttl("k")).isBetween(48_000L, 50_000L);
        assertThat(redis.expire("missing", Duration.ofSeconds(100))).isFalse();
        assertThat(redis.persist("k")).isTrue();
        assertThat(redis.persist("k")).isFalse();
        assertThat(redis.ttl("k")).isEqualTo(-1);
    }

    @Test
    void expireConditionsOnlyApplyWhenTheyHold() {
        redis.set("k", "v");
        assertThat(redis.expire("k", Duration.ofSeconds(100), ExpireCondition.XX)).isFalse();
        assertThat(redis.expire("k", Duration.ofSeconds(100), ExpireCondition.NX)).isTrue();
        assertThat(redis.expire("k", Duration.ofSeconds(50), ExpireCondition.GT)).isFalse();
        assertThat(redis.expire("k", Duration.ofSeconds(200), ExpireCondition.GT)).isTrue();
        assertThat(redis.pexpire("k", 300_000, ExpireCondition.LT)).isFalse();
        assertThat(redis.pexpire("k", 150_000, ExpireCondition.LT)).isTrue();
        assertThat(redis.ttl("k")).isBetween(148L, 150L);
    }

    @Test
    void timeToLiveIsADurationSentInSecondsWhenWholeAndInMillisecondsOtherwise() {
        redis.set("k", "v");
        assertThat(redis.expire("k", Duration.ofMillis(1500))).isTrue(); // PEXPIRE 1500, not EXPIRE 1
        assertThat(redis.pttl("k")).isBetween(1000L, 1500L);
        assertThat(redis.expire("k", Duration.ofMinutes(2))).isTrue(); // EXPIRE 120
        assertThat(redis.ttl("k")).isBetween(118L, 120L);
        assertThatThrownBy(() -> redis.expire("k", Duration.ofNanos(1_500_000))).isInstanceOf(RedisArgumentException.class)
                .hasMessageContaining("whole milliseconds");
        assertThat(redis.set("t", "v", SetArgs.ttl(Duration.ofMillis(2500)))).isTrue();
        assertThat(redis.pttl("t")).isBetween(2000L, 2500L);
        assertThat(redis.getEx("t", GetExArgs.ttl(Duration.ofSeconds(30)))).isEqualTo("v");
        assertThat(redis.ttl("t")).isBetween(28L, 30L);
        Instant inAnHour = Instant.ofEpochMilli(System.currentTimeMillis() + 3_600_500);
        assertThat(redis.expireAt("t", inAnHour)).isTrue(); // PEXPIREAT: not on a whole second
        assertThat(redis.pexpireTime("t")).isEqualTo(inAnHour.toEpochMilli());
    }

    @Test
    void expireAtSetsAnAbsoluteTimeThatExpireTimeReports() {
        redis.set("k", "v");
        long inAnHour = TimeUnit.MILLISECONDS.toSeconds(System.currentTimeMillis()) + 3600;
        assertThat(redis.expireTime("k")).isEqualTo(-1);
        assertThat(redis.expireTime("missing")).isEqualTo(-2);
        assertThat(redis.expireAt("k", Instant.ofEpochSecond(inAnHour))).isTrue();
        assertThat(redis.expireTime("k")).isEqualTo(inAnHour);
        assertThat(redis.expireAt("k", Instant.ofEpochSecond(inAnHour + 10), ExpireCondition.LT)).isFalse();
        assertThat(redis.pexpireAt("k", inAnHour * 1000 + 500)).isTrue();
        assertThat(redis.pexpireTime("k")).isEqualTo(inAnHour * 1000 + 500);
        assertThat(redis.pexpireAt("k", inAnHour * 1000, ExpireCondition.GT)).isFalse();
        assertThat(redis.pexpireTime("missing")).isEqualTo(-2);
    }

    @Test
    void typeNamesEveryBuiltInType() {
        redis.set("string", "v");
        redis.rpush("list", "v");
        redis.sadd("set", "v");
        redis.zadd("zset", 1, "v");
        redis.hset("hash", "f", "v");
        redis.send("XADD", "stream", "*", "f", "v");
        assertThat(redis.type("string")).isEqualTo(KeyType.STRING);
        assertThat(redis.type("list")).isEqualTo(KeyType.LIST);
        assertThat(redis.type("set")).isEqualTo(KeyType.SET);
        assertThat(redis.type("zset")).isEqualTo(KeyType.ZSET);
        assertThat(redis.type("hash")).isEqualTo(KeyType.HASH);
        assertThat(redis.type("stream")).isEqualTo(KeyType.STREAM);
        assertThat(redis.type("missing")).isEqualTo(KeyType.NONE);
        assertThat(redis.typeName("zset")).isEqualTo("zset");
        assertThat(KeyType.fromWireName("ReJSON-RL")).isEqualTo(KeyType.UNKNOWN);
        assertThat(redis.async().type("hash").join()).isEqualTo(KeyType.HASH);
    }

    @Test
    void renameMovesAndRenamenxRefusesToOverwrite() {
        redis.set("a", "1");
        redis.set("b", "2");
        redis.rename("a", "c");
        assertThat(redis.get("c")).isEqualTo("1");
        assertThat(redis.exists("a")).isZero();
        assertThat(redis.renamenx("c", "b")).isFalse();
        assertThat(redis.renamenx("c", "d")).isTrue();
        assertThat(redis.get("d")).isEqualTo("1");
        assertThatThrownBy(() -> redis.rename("missing", "x")).isInstanceOf(RedisServerException.class);
    }

    @Test
    void copyOnlyReplacesTheDestinationWhenAsked() {
        redis.set("source", "new");
        redis.set("target", "old");
        assertThat(redis.copy("source", "fresh")).isTrue();
        assertThat(redis.copy("source", "target")).isFalse();
        assertThat(redis.get("target")).isEqualTo("old");
        assertThat(redis.copy("source", "target", true)).isTrue();
        assertThat(redis.get("target")).isEqualTo("new");
        assertThat(redis.get("fresh")).isEqualTo("new");
        assertThat(redis.copy("missing", "other", true)).isFalse();
    }

    @Test
    void randomKeyIsNullOnlyForAnEmptyDatabase() {
        assertThat(redis.randomKey()).isNull();
        redis.set("only", "v");
        assertThat(redis.randomKey()).isEqualTo("only");
    }

    @Test
    void objectSubcommandsDescribeTheStoredValue() {
        redis.set("number", "12345");
        redis.hset("small-hash", "f", "v");
        assertThat(redis.objectEncoding("number")).isEqualTo("int");
        assertThat(redis.objectEncoding("small-hash")).isEqualTo("listpack");
        assertThat(redis.objectEncoding("missing")).isNull();
        assertThat(redis.objectIdleTime("number")).isBetween(0L, 5L);
        assertThat(redis.objectIdleTime("missing")).isNull();
        assertThatThrownBy(() -> redis.objectFreq("number")).isInstanceOf(RedisServerException.class);
        redis.send("CONFIG", "SET", "maxmemory-policy", "allkeys-lfu");
        try {
            assertThat(redis.objectFreq("number")).isNotNull().isGreaterThanOrEqualTo(0L);
            assertThat(redis.objectFreq("missing")).isNull();
        } finally {
            redis.send("CONFIG", "SET", "maxmemory-policy", "noeviction");
        }
    }

    @Test
    void scanIteratorReturnsEveryOneOfAThousandKeys() {
        Set<String> expected = new HashSet<>();
        for (int i = 0; i < 1000; i++) {
            redis.set("key:" + i, "v");
            expected.add("key:" + i);
        }
        redis.rpush("other", "x");
        Set<String> seen = new HashSet<>();
        redis.scan(ScanArgs.none().match("key:*").count(100)).forEach(seen::add);
        assertThat(seen).isEqualTo(expected);
        Set<String> everything = new HashSet<>();
        redis.scan(ScanArgs.none()).forEach(everything::add);
        assertThat(everything).hasSize(1001);
    }

    @Test
    void scanFiltersByType() {
        redis.set("s", "v");
        redis.rpush("l", "v");
        redis.hset("h", "f", "v");
        List<String> lists = new ArrayList<>();
        redis.scan(ScanArgs.none().type(KeyType.LIST)).forEach(lists::add);
        assertThat(lists).containsExactly("l");
    }

    @Test
    void asyncScanPagesEndWithTheZeroCursor() {
        for (int i = 0; i < 50; i++) {
            redis.set("k" + i, "v");
        }
        Set<String> seen = new HashSet<>();
        String cursor = ScanPage.INITIAL_CURSOR;
        int pages = 0;
        do {
            ScanPage<String> page = redis.async().scanPage(cursor, ScanArgs.none().count(10)).join();
            seen.addAll(page.elements());
            cursor = page.cursor();
            pages++;
        } while (!cursor.equals("0"));
        assertThat(seen).hasSize(50);
        assertThat(pages).isGreaterThan(1);
        assertThat(redis.scanPage("0", ScanArgs.none()).elements()).isNotEmpty();
    }

    @Test
    void invalidArgumentsFailBeforeAnythingIsSent() {
        assertThatThrownBy(() -> redis.del(List.of())).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> redis.exists()).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> redis.del("a", null)).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> redis.ttl(null)).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> redis.expire("k", Duration.ofSeconds(10), null)).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> redis.scanPage("abc", ScanArgs.none())).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> redis.scanPage(null, ScanArgs.none())).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> ScanArgs.none().count(0)).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> ScanArgs.none().type(KeyType.UNKNOWN)).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> redis.hscanPage("h", "0", ScanArgs.none().type(KeyType.HASH)))
                .isInstanceOf(RedisArgumentException.class);
        assertThat(redis.dbsize()).isZero();
    }
}
