package io.fastpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class HyperLogLogCommandsIT extends RedisServerPerClass {

    @Test
    void pfaddReportsWhetherTheEstimateChanged() {
        assertThat(redis.pfadd("h", "a", "b", "c")).isTrue();
        assertThat(redis.pfadd("h", "a", "b")).isFalse();
        assertThat(redis.pfadd("h", List.of("d"))).isTrue();
        assertThat(redis.pfcount("h")).isEqualTo(4);
        assertThat(redis.pfcount("missing")).isZero();
    }

    @Test
    void pfcountEstimatesLargeCardinalitiesWithinTheStandardError() {
        List<String> elements = new ArrayList<>();
        for (int i = 0; i < 100_000; i++) {
            elements.add("element-" + i);
            if (elements.size() == 10_000) {
                redis.pfadd("h", elements);
                elements.clear();
            }
        }
        // 0.81% standard error; 3% leaves a wide margin.
        assertThat(redis.pfcount("h")).isBetween(97_000L, 103_000L);
    }

    @Test
    void pfcountOfSeveralKeysAndPfmergeCountTheUnion() {
        redis.pfadd("{h}1", "a", "b", "c");
        redis.pfadd("{h}2", "c", "d");
        assertThat(redis.pfcount("{h}1", "{h}2")).isEqualTo(4);
        assertThat(redis.async().pfcount(List.of("{h}1", "{h}2")).join()).isEqualTo(4);
        redis.pfadd("{h}all", "e");
        redis.pfmerge("{h}all", List.of("{h}1", "{h}2"));
        assertThat(redis.pfcount("{h}all")).isEqualTo(5);
    }

    @Test
    void invalidArgumentsFailBeforeAnythingIsSent() {
        assertThatThrownBy(() -> redis.pfadd("h", List.of())).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> redis.pfcount(List.of())).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> redis.pfmerge("h", List.of())).isInstanceOf(RedisArgumentException.class);
    }
}
