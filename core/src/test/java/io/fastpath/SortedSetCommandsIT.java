package io.fastpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.command.LexRange;
import io.fastpath.command.ScanArgs;
import io.fastpath.command.ScoreRange;
import io.fastpath.command.ScoredValue;
import io.fastpath.command.ZAddArgs;
import io.fastpath.command.ZRangeQuery;
import io.fastpath.command.ZStoreArgs;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SortedSetCommandsIT extends RedisServerPerClass {

    private static ScoredValue<String> scored(String member, double score) {
        return new ScoredValue<>(member, score);
    }

    /** a=1, b=2, c=3, d=4, e=5. */
    private void addFive() {
        redis.zadd("z", List.of(scored("a", 1), scored("b", 2), scored("c", 3), scored("d", 4), scored("e", 5)));
    }

    @Test
    void zaddCountsAddedMembersAndChCountsChangedOnes() {
        assertThat(redis.zadd("z", 1, "a")).isEqualTo(1);
        assertThat(redis.zadd("z", List.of(scored("a", 2), scored("b", 3)))).isEqualTo(1);
        Map<String, Double> more = new LinkedHashMap<>();
        more.put("c", 4.0);
        more.put("b", 9.0);
        assertThat(redis.zadd("z", more)).isEqualTo(1);
        assertThat(redis.zadd("z", ZAddArgs.none().ch(), List.of(scored("a", 7), scored("d", 1)))).isEqualTo(2);
        assertThat(redis.zscore("z", "a")).isEqualTo(7.0);
        assertThat(redis.zscore("z", "b")).isEqualTo(9.0);
    }

    @Test
    void zaddConditionsDecideWhichMembersChange() {
        redis.zadd("z", 5, "a");
        assertThat(redis.zadd("z", ZAddArgs.none().nx(), List.of(scored("a", 1), scored("b", 1)))).isEqualTo(1);
        assertThat(redis.zscore("z", "a")).isEqualTo(5.0);
        assertThat(redis.zadd("z", ZAddArgs.none().xx().ch(), List.of(scored("a", 6), scored("c", 1)))).isEqualTo(1);
        assertThat(redis.exists("c")).isZero();
        assertThat(redis.zscore("z", "c")).isNull();
        assertThat(redis.zadd("z", ZAddArgs.none().gt().ch(), List.of(scored("a", 2)))).isZero();
        assertThat(redis.zadd("z", ZAddArgs.none().lt().ch(), List.of(scored("a", 2)))).isEqualTo(1);
        assertThat(redis.zscore("z", "a")).isEqualTo(2.0);
    }

    @Test
    void zaddIncrReturnsTheNewScoreOrNullWhenAConditionPreventsIt() {
        assertThat(redis.zaddIncr("z", ZAddArgs.none(), 1.5, "a")).isEqualTo(1.5);
        assertThat(redis.zaddIncr("z", ZAddArgs.none().xx(), 2, "a")).isEqualTo(3.5);
        assertThat(redis.zaddIncr("z", ZAddArgs.none().nx(), 2, "a")).isNull();
        assertThat(redis.zaddIncr("z", ZAddArgs.none().xx(), 2, "missing")).isNull();
        assertThat(redis.zincrBy("z", -0.5, "a")).isEqualTo(3.0);
        assertThat(redis.zincrBy("z", 4, "b")).isEqualTo(4.0);
    }

    @Test
    void scoresRanksAndCountsDescribeMembers() {
        addFive();
        redis.zadd("z", Double.POSITIVE_INFINITY, "top");
        assertThat(redis.zscore("z", "top")).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(redis.zmscore("z", "b", "missing", "e")).containsExactly(2.0, null, 5.0);
        assertThat(redis.zmscore("z", List.of("a"))).containsExactly(1.0);
        assertThat(redis.zrank("z", "c")).isEqualTo(2);
        assertThat(redis.zrevRank("z", "c")).isEqualTo(3);
        assertThat(redis.zrank("z", "missing")).isNull();
        assertThat(redis.zrevRank("missing", "a")).isNull();
        assertThat(redis.zcard("z")).isEqualTo(6);
        assertThat(redis.zcard("missing")).isZero();
        assertThat(redis.zcount("z", ScoreRange.all())).isEqualTo(6);
        assertThat(redis.zcount("z", ScoreRange.closed(2, 4))).isEqualTo(3);
        assertThat(redis.zcount("z", ScoreRange.open(2, 4))).isEqualTo(1);
        assertThat(redis.zcount("z", ScoreRange.greaterThan(4))).isEqualTo(2);
        assertThat(redis.zcount("z", ScoreRange.atMost(2))).isEqualTo(2);
        assertThat(redis.zcount("z", ScoreRange.lessThan(2))).isEqualTo(1);
        assertThat(redis.zcount("z", ScoreRange.atLeast(5))).isEqualTo(2);
        assertThat(redis.zcount("z", ScoreRange.of(1, true, 3, false))).isEqualTo(2);
    }

    @Test
    void zrangeByIndexWithAndWithoutScores() {
        addFive();
        assertThat(redis.zrange("z", 0, 1)).containsExactly("a", "b");
        assertThat(redis.zrange("z", -2, -1)).containsExactly("d", "e");
        assertThat(redis.zrangeWithScores("z", 0, 1)).containsExactly(scored("a", 1), scored("b", 2));
        assertThat(redis.zrevRange("z", 0, 1)).containsExactly("e", "d");
        assertThat(redis.zrevRangeWithScores("z", 0, 0)).containsExactly(scored("e", 5));
        assertThat(redis.zrange("missing", 0, -1)).isEmpty();
        assertThat(redis.async().zrangeWithScores("z", 4, 4).join()).containsExactly(scored("e", 5));
    }

    @Test
    void zrangeByScoreHonoursBoundsReverseAndLimit() {
        addFive();
        assertThat(redis.zrange("z", ZRangeQuery.byScore(ScoreRange.open(1, 4)))).containsExactly("b", "c");
        assertThat(redis.zrange("z", ZRangeQuery.<String>byScore(ScoreRange.closed(2, 5)).limit(1, 2)))
                .containsExactly("c", "d");
        assertThat(redis.zrange("z", ZRangeQuery.<String>byScore(ScoreRange.closed(2, 4)).reversed()))
                .containsExactly("d", "c", "b");
        assertThat(redis.zrangeWithScores("z", ZRangeQuery.<String>byScore(ScoreRange.atLeast(4)).reversed().limit(0, 1)))
                .containsExactly(scored("e", 5));
        assertThat(redis.zrange("z", ZRangeQuery.<String>byIndex(0, 1).reversed())).containsExactly("e", "d");
    }

    @Test
    void zrangeByLexSelectsMembersBetweenTheBounds() {
        redis.zadd("lex", List.of(scored("apple", 0), scored("banana", 0), scored("cherry", 0), scored("date", 0)));
        assertThat(redis.zrange("lex", ZRangeQuery.byLex(LexRange.closed("banana", "cherry")))).containsExactly("banana", "cherry");
        assertThat(redis.zrange("lex", ZRangeQuery.byLex(LexRange.open("apple", "date")))).containsExactly("banana", "cherry");
        assertThat(redis.zrange("lex", ZRangeQuery.byLex(LexRange.of("b", false, null, false))))
                .containsExactly("banana", "cherry", "date");
        assertThat(redis.zrange("lex", ZRangeQuery.<String>byLex(LexRange.all()).reversed().limit(0, 2)))
                .containsExactly("date", "cherry");
    }

    @Test
    void zrangeStoreCopiesTheSelectionWithScores() {
        addFive();
        assertThat(redis.zrangeStore("copy", "z", ZRangeQuery.byScore(ScoreRange.atLeast(4)))).isEqualTo(2);
        assertThat(redis.zrangeWithScores("copy", 0, -1)).containsExactly(scored("d", 4), scored("e", 5));
    }

    @Test
    void removalsByMemberRankAndScore() {
        addFive();
        assertThat(redis.zrem("z", "a", "missing")).isEqualTo(1);
        assertThat(redis.zrem("z", List.of("b"))).isEqualTo(1);
        assertThat(redis.zremRangeByRank("z", 0, 0)).isEqualTo(1);
        assertThat(redis.zremRangeByScore("z", ScoreRange.greaterThan(4))).isEqualTo(1);
        assertThat(redis.zrange("z", 0, -1)).containsExactly("d");
    }

    @Test
    void popsTakeTheLowestOrHighestScores() {
        addFive();
        assertThat(redis.zpopMin("z")).isEqualTo(scored("a", 1));
        assertThat(redis.zpopMax("z")).isEqualTo(scored("e", 5));
        assertThat(redis.zpopMin("z", 2)).containsExactly(scored("b", 2), scored("c", 3));
        assertThat(redis.zpopMax("z", 1)).containsExactly(scored("d", 4));
        assertThat(redis.zpopMin("z")).isNull();
        assertThat(redis.zpopMax("z", 3)).isEmpty();
    }

    @Test
    void zrandMemberReadsExistingMembersWithTheirScores() {
        addFive();
        Map<String, Double> stored = Map.of("a", 1.0, "b", 2.0, "c", 3.0, "d", 4.0, "e", 5.0);
        assertThat(redis.zrandMember("z")).isIn(stored.keySet());
        assertThat(redis.zrandMember("missing")).isNull();
        assertThat(redis.zrandMember("z", 10)).containsExactlyInAnyOrderElementsOf(stored.keySet());
        assertThat(redis.zrandMember("z", -8)).hasSize(8).allMatch(stored::containsKey);
        assertThat(redis.zrandMemberWithScores("z", -7)).hasSize(7)
                .allSatisfy(member -> assertThat(member.score()).isEqualTo(stored.get(member.value())));
        assertThat(redis.zcard("z")).isEqualTo(5);
    }

    @Test
    void unionAndIntersectionStoresApplyWeightsAndAggregates() {
        redis.zadd("x", List.of(scored("a", 1), scored("b", 2)));
        redis.zadd("y", List.of(scored("b", 10), scored("c", 20)));
        assertThat(redis.zunionStore("union", List.of("x", "y"))).isEqualTo(3);
        assertThat(redis.zscore("union", "b")).isEqualTo(12.0);
        assertThat(redis.zinterStore("inter", List.of("x", "y"))).isEqualTo(1);
        assertThat(redis.zscore("inter", "b")).isEqualTo(12.0);
        assertThat(redis.zunionStore("weighted", List.of("x", "y"), ZStoreArgs.none().weights(2, 0.5))).isEqualTo(3);
        assertThat(redis.zrangeWithScores("weighted", 0, -1)).containsExactly(scored("a", 2), scored("b", 9), scored("c", 10));
        assertThat(redis.zinterStore("maximum", List.of("x", "y"), ZStoreArgs.none().aggregate(ZStoreArgs.Aggregate.MAX)))
                .isEqualTo(1);
        assertThat(redis.zscore("maximum", "b")).isEqualTo(10.0);
    }

    @Test
    void zscanIteratorReturnsEveryMemberWithItsScore() {
        Map<String, Double> stored = new HashMap<>();
        for (int i = 0; i < 1000; i++) {
            stored.put("m" + i, i / 4.0);
        }
        redis.zadd("big", stored);
        Map<String, Double> seen = new HashMap<>();
        for (ScoredValue<String> member : redis.zscan("big", ScanArgs.none().count(100))) {
            seen.put(member.value(), member.score());
        }
        assertThat(seen).isEqualTo(stored);
        assertThat(redis.async().zscanPage("big", "0", ScanArgs.none()).join().elements()).isNotEmpty();
    }

    @Test
    void invalidArgumentsFailBeforeAnythingIsSent() {
        assertThatThrownBy(() -> redis.zadd("z", Double.NaN, "a")).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> redis.zadd("z", List.of())).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> redis.zadd("z", Map.of())).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> redis.zincrBy("z", Double.NaN, "a")).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> ZAddArgs.none().nx().xx()).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> ZAddArgs.none().nx().gt()).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> ZAddArgs.none().lt().nx()).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> ZAddArgs.none().gt().lt()).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> ScoreRange.closed(Double.NaN, 1)).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> ZRangeQuery.byIndex(0, 1).limit(0, 1)).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> redis.zrangeWithScores("z", ZRangeQuery.byLex(LexRange.all())))
                .isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> redis.zunionStore("d", List.of("x", "y"), ZStoreArgs.none().weights(1)))
                .isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> redis.zinterStore("d", List.of())).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> redis.zpopMin("z", 0)).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> redis.zrandMember("z", 0)).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> redis.zmscore("z")).isInstanceOf(RedisArgumentException.class);
        assertThat(redis.dbsize()).isZero();
    }
}
