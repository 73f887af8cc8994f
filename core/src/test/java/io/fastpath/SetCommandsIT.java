package io.fastpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.command.ScanArgs;
import io.fastpath.command.ScanPage;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SetCommandsIT extends RedisServerPerClass {

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void saddAndSremCountOnlyChangedMembers() {
        assertThat(redis.sadd("s", "a", "b", "a")).isEqualTo(2);
        assertThat(redis.sadd("s", List.of("b", "c"))).isEqualTo(1);
        assertThat(redis.srem("s", "a", "missing")).isEqualTo(1);
        assertThat(redis.srem("s", List.of("b"))).isEqualTo(1);
        assertThat(redis.smembers("s")).containsExactly("c");
        assertThat(redis.scard("s")).isEqualTo(1);
        assertThat(redis.scard("missing")).isZero();
        assertThat(redis.smembers("missing")).isEmpty();
    }

    @Test
    void membershipChecksAnswerPerMember() {
        redis.sadd("s", "a", "b");
        assertThat(redis.sismember("s", "a")).isTrue();
        assertThat(redis.sismember("s", "z")).isFalse();
        assertThat(redis.smismember("s", "z", "b", "a")).containsExactly(false, true, true);
        assertThat(redis.smismember("s", List.of("q"))).containsExactly(false);
    }

    @Test
    void binarySetMembersCompareByContent() {
        byte[] key = bytes("bin");
        redis.binary().sadd(key, bytes("x"), bytes("y"));
        Set<byte[]> members = redis.binary().smembers(key);
        assertThat(members).hasSize(2);
        assertThat(members.contains(bytes("x"))).isTrue();
        assertThat(members.contains(bytes("z"))).isFalse();
    }

    @Test
    void spopRemovesAndSrandMemberOnlyReads() {
        redis.sadd("s", "a", "b", "c");
        String popped = redis.spop("s");
        assertThat(popped).isIn("a", "b", "c");
        assertThat(redis.sismember("s", popped)).isFalse();
        Set<String> two = redis.spop("s", 5);
        assertThat(two).hasSize(2).doesNotContain(popped);
        assertThat(redis.spop("s")).isNull();
        assertThat(redis.spop("s", 2)).isEmpty();
        redis.sadd("r", "a", "b");
        assertThat(redis.srandMember("r")).isIn("a", "b");
        assertThat(redis.srandMember("r", 5)).containsExactlyInAnyOrder("a", "b");
        assertThat(redis.srandMember("r", -6)).hasSize(6).allMatch(member -> member.equals("a") || member.equals("b"));
        assertThat(redis.scard("r")).isEqualTo(2);
        assertThat(redis.srandMember("missing")).isNull();
    }

    @Test
    void setAlgebraCombinesTheSources() {
        redis.sadd("x", "1", "2", "3");
        redis.sadd("y", "2", "3", "4");
        assertThat(redis.sinter("x", "y")).containsExactlyInAnyOrder("2", "3");
        assertThat(redis.sunion(List.of("x", "y"))).containsExactlyInAnyOrder("1", "2", "3", "4");
        assertThat(redis.sdiff("x", "y")).containsExactly("1");
        assertThat(redis.sinter(List.of("x", "missing"))).isEmpty();
        assertThat(redis.sunion("x")).hasSize(3);
        assertThat(redis.sdiff(List.of("y", "x"))).containsExactly("4");
        assertThat(redis.sinterStore("i", List.of("x", "y"))).isEqualTo(2);
        assertThat(redis.sunionStore("u", List.of("x", "y"))).isEqualTo(4);
        assertThat(redis.sdiffStore("d", List.of("x", "y"))).isEqualTo(1);
        assertThat(redis.smembers("d")).containsExactly("1");
        assertThat(redis.sinterCard(List.of("x", "y"))).isEqualTo(2);
        assertThat(redis.sinterCard(List.of("x", "y"), 1)).isEqualTo(1);
    }

    @Test
    void smoveMovesOnlyPresentMembers() {
        redis.sadd("from", "a");
        assertThat(redis.smove("from", "to", "a")).isTrue();
        assertThat(redis.smove("from", "to", "a")).isFalse();
        assertThat(redis.smembers("to")).containsExactly("a");
        assertThat(redis.async().smembers("from").join()).isEmpty();
    }

    @Test
    void sscanIteratorReturnsEveryMemberOfALargeSet() {
        List<String> stored = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            stored.add("member" + i);
        }
        redis.sadd("big", stored);
        Set<String> seen = new HashSet<>();
        redis.sscan("big", ScanArgs.none().count(100)).forEach(seen::add);
        assertThat(seen).containsExactlyInAnyOrderElementsOf(stored);
        ScanPage<String> page = redis.sscanPage("big", "0", ScanArgs.none().match("member99*").count(2000));
        assertThat(page.elements()).containsExactlyInAnyOrder("member99", "member990", "member991", "member992",
                "member993", "member994", "member995", "member996", "member997", "member998", "member999");
        assertThat(page.isLast()).isTrue();
    }

    @Test
    void invalidArgumentsFailBeforeAnythingIsSent() {
        assertThatThrownBy(() -> redis.sadd("s")).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> redis.srem("s", List.of())).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> redis.sinter()).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> redis.sunionStore("d", List.of())).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> redis.sinterCard(List.of())).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> redis.sinterCard(List.of("a"), -1)).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> redis.spop("s", 0)).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> redis.srandMember("s", 0)).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> redis.sadd("s", "a", null)).isInstanceOf(RedisArgumentException.class);
        assertThat(redis.dbsize()).isZero();
    }
}
