package io.fastpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.command.InsertPosition;
import io.fastpath.command.KeyedValues;
import io.fastpath.command.LPosArgs;
import io.fastpath.command.ListSide;
import java.util.List;
import org.junit.jupiter.api.Test;

class ListCommandsIT extends RedisServerPerClass {

    @Test
    void pushesReturnTheLengthAndLandAtTheirEnd() {
        assertThat(redis.rpush("l", "b", "c")).isEqualTo(2);
        assertThat(redis.lpush("l", "a", "z")).isEqualTo(4);
        assertThat(redis.rpush("l", List.of("d"))).isEqualTo(5);
        assertThat(redis.lpush("l", List.of("y"))).isEqualTo(6);
        assertThat(redis.lrange("l", 0, -1)).containsExactly("y", "z", "a", "b", "c", "d");
        assertThat(redis.llen("l")).isEqualTo(6);
        assertThat(redis.llen("missing")).isZero();
    }

    @Test
    void conditionalPushesOnlyTouchExistingLists() {
        assertThat(redis.lpushx("l", "a")).isZero();
        assertThat(redis.rpushx("l", "a")).isZero();
        assertThat(redis.exists("l")).isZero();
        redis.rpush("l", "m");
        assertThat(redis.lpushx("l", "h")).isEqualTo(2);
        assertThat(redis.rpushx("l", "t", "u")).isEqualTo(4);
        assertThat(redis.lrange("l", 0, -1)).containsExactly("h", "m", "t", "u");
    }

    @Test
    void popsTakeFromEitherEndWithOrWithoutACount() {
        redis.rpush("l", "1", "2", "3", "4", "5");
        assertThat(redis.lpop("l")).isEqualTo("1");
        assertThat(redis.rpop("l")).isEqualTo("5");
        assertThat(redis.lpop("l", 2)).containsExactly("2", "3");
        assertThat(redis.rpop("l", 5)).containsExactly("4");
        assertThat(redis.lpop("l")).isNull();
        assertThat(redis.rpop("l", 3)).isEmpty();
        assertThat(redis.async().lpop("l", 1).join()).isEmpty();
    }

    @Test
    void indexingReadsAndWritesSingleElements() {
        redis.rpush("l", "a", "b", "c");
        assertThat(redis.lindex("l", 0)).isEqualTo("a");
        assertThat(redis.lindex("l", -1)).isEqualTo("c");
        assertThat(redis.lindex("l", 9)).isNull();
        redis.lset("l", 1, "B");
        assertThat(redis.lrange("l", 1, 1)).containsExactly("B");
        assertThatThrownBy(() -> redis.lset("l", 9, "x")).isInstanceOf(RedisServerException.class);
    }

    @Test
    void lremRemovesFromTheSideTheCountSays() {
        redis.rpush("l", "x", "a", "x", "b", "x");
        assertThat(redis.lrem("l", -1, "x")).isEqualTo(1);
        assertThat(redis.lrange("l", 0, -1)).containsExactly("x", "a", "x", "b");
        assertThat(redis.lrem("l", 1, "x")).isEqualTo(1);
        assertThat(redis.lrange("l", 0, -1)).containsExactly("a", "x", "b");
        assertThat(redis.lrem("l", 0, "x")).isEqualTo(1);
        assertThat(redis.lrem("l", 0, "missing")).isZero();
    }

    @Test
    void ltrimKeepsOnlyTheRange() {
        redis.rpush("l", "a", "b", "c", "d");
        redis.ltrim("l", 1, 2);
        assertThat(redis.lrange("l", 0, -1)).containsExactly("b", "c");
    }

    @Test
    void linsertPlacesTheElementBesideThePivot() {
        redis.rpush("l", "a", "c");
        assertThat(redis.linsert("l", InsertPosition.BEFORE, "c", "b")).isEqualTo(3);
        assertThat(redis.linsert("l", InsertPosition.AFTER, "c", "d")).isEqualTo(4);
        assertThat(redis.linsert("l", InsertPosition.AFTER, "missing", "x")).isEqualTo(-1);
        assertThat(redis.linsert("missing", InsertPosition.AFTER, "a", "x")).isZero();
        assertThat(redis.lrange("l", 0, -1)).containsExactly("a", "b", "c", "d");
    }

    @Test
    void lposFindsMatchesByRankCountAndMaximumLength() {
        redis.rpush("l", "a", "x", "b", "x", "c", "x");
        assertThat(redis.lpos("l", "x")).isEqualTo(1);
        assertThat(redis.lpos("l", "missing")).isNull();
        assertThat(redis.lpos("l", "x", LPosArgs.none().rank(2))).isEqualTo(3);
        assertThat(redis.lpos("l", "x", LPosArgs.none().rank(-1))).isEqualTo(5);
        assertThat(redis.lpos("l", "x", LPosArgs.none().maxLength(1))).isNull();
        assertThat(redis.lpos("l", "x", 0, LPosArgs.none())).containsExactly(1L, 3L, 5L);
        assertThat(redis.lpos("l", "x", 2, LPosArgs.none().rank(-1))).containsExactly(5L, 3L);
        assertThat(redis.lpos("l", "missing", 0, LPosArgs.none())).isEmpty();
    }

    @Test
    void lmoveMovesBetweenTheChosenEnds() {
        redis.rpush("source", "1", "2", "3");
        assertThat(redis.lmove("source", "target", ListSide.RIGHT, ListSide.LEFT)).isEqualTo("3");
        assertThat(redis.lmove("source", "target", ListSide.LEFT, ListSide.LEFT)).isEqualTo("1");
        assertThat(redis.lrange("target", 0, -1)).containsExactly("1", "3");
        assertThat(redis.lmove("empty", "target", ListSide.LEFT, ListSide.RIGHT)).isNull();
    }

    @Test
    void lmpopPopsFromTheFirstNonEmptyList() {
        redis.rpush("second", "a", "b", "c");
        KeyedValues<String, String> popped = redis.lmpop(List.of("first", "second"), ListSide.RIGHT, 2);
        assertThat(popped).isEqualTo(new KeyedValues<>("second", List.of("c", "b")));
        assertThat(redis.lmpop(List.of("first", "second"), ListSide.LEFT, 5).values()).containsExactly("a");
        assertThat(redis.lmpop(List.of("first", "second"), ListSide.LEFT, 1)).isNull();
    }

    @Test
    void invalidArgumentsFailBeforeAnythingIsSent() {
        assertThatThrownBy(() -> redis.lpush("l")).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> redis.rpush("l", List.of())).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> redis.rpush("l", "a", null)).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> redis.lpop("l", 0)).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> redis.rpop("l", -1)).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> redis.lpos("l", "x", -1, LPosArgs.none())).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> LPosArgs.none().rank(0)).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> redis.lmpop(List.of(), ListSide.LEFT, 1)).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> redis.lmpop(List.of("l"), ListSide.LEFT, 0)).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> redis.lmove("a", "b", null, ListSide.LEFT)).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> redis.linsert("l", null, "p", "v")).isInstanceOf(RedisArgumentException.class);
        assertThat(redis.dbsize()).isZero();
    }
}
