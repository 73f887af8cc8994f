package io.fastpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.command.BitFieldArgs;
import io.fastpath.command.BitOperation;
import io.fastpath.command.BitUnit;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class BitmapCommandsIT extends RedisServerPerClass {

    @Test
    void setbitAnswersThePreviousBitAndGetbitReadsIt() {
        assertThat(redis.setbit("b", 7, true)).isFalse();
        assertThat(redis.setbit("b", 7, true)).isTrue();
        assertThat(redis.getbit("b", 7)).isTrue();
        assertThat(redis.getbit("b", 6)).isFalse();
        assertThat(redis.getbit("b", 1000)).isFalse();
        assertThat(redis.getbit("missing", 0)).isFalse();
        assertThat(redis.get("b")).isEqualTo("\u0001");
        assertThat(redis.setbit("b", 7, false)).isTrue();
        assertThat(redis.async().getbit("b", 7).join()).isFalse();
    }

    @Test
    void bitcountCountsWholeStringsAndByteOrBitRanges() {
        redis.set("s", "foobar");
        assertThat(redis.bitcount("s")).isEqualTo(26);
        assertThat(redis.bitcount("s", 0, 0)).isEqualTo(4);
        assertThat(redis.bitcount("s", 1, 1)).isEqualTo(6);
        assertThat(redis.bitcount("s", 1, 1, BitUnit.BYTE)).isEqualTo(6);
        assertThat(redis.bitcount("s", 5, 30, BitUnit.BIT)).isEqualTo(17);
        assertThat(redis.bitcount("s", -1, -1)).isEqualTo(4);
        assertThat(redis.bitcount("missing")).isZero();
    }

    @Test
    void bitposFindsTheFirstSetOrClearBit() {
        redis.setbit("b", 10, true);
        redis.setbit("b", 20, true);
        assertThat(redis.bitpos("b", true)).isEqualTo(10);
        assertThat(redis.bitpos("b", false)).isZero();
        assertThat(redis.bitpos("b", true, 2)).isEqualTo(20);
        assertThat(redis.bitpos("b", true, 11, 23, BitUnit.BIT)).isEqualTo(20);
        assertThat(redis.bitpos("b", true, 21, 23, BitUnit.BIT)).isEqualTo(-1);
        assertThat(redis.bitpos("missing", true)).isEqualTo(-1);
        assertThat(redis.bitpos("missing", false)).isZero();
    }

    @Test
    void bitopCombinesStringsIntoTheDestination() {
        redis.set("{b}1", "\u0003");
        redis.set("{b}2", "\u0006");
        assertThat(redis.bitop(BitOperation.AND, "{b}and", List.of("{b}1", "{b}2"))).isEqualTo(1);
        assertThat(redis.get("{b}and")).isEqualTo("\u0002");
        redis.bitop(BitOperation.OR, "{b}or", List.of("{b}1", "{b}2"));
        assertThat(redis.get("{b}or")).isEqualTo("\u0007");
        redis.bitop(BitOperation.XOR, "{b}xor", List.of("{b}1", "{b}2"));
        assertThat(redis.get("{b}xor")).isEqualTo("\u0005");
        redis.bitop(BitOperation.NOT, "{b}not", List.of("{b}1"));
        assertThat(redis.binary().get("{b}not".getBytes())).containsExactly((byte) 0xFC);
        assertThatThrownBy(() -> redis.bitop(BitOperation.NOT, "{b}x", List.of("{b}1", "{b}2")))
                .isInstanceOf(RedisArgumentException.class);
    }

    @Test
    void bitfieldAnswersOnePerOperationWithNullWhereOverflowFailSkipped() {
        List<Long> first = redis.bitfield("f", BitFieldArgs.none().set("u8", 0, 200).get("u8", 0).incrBy("i8", 8, -5));
        assertThat(first).containsExactly(0L, 200L, -5L);
        List<Long> overflow = redis.bitfield("f", BitFieldArgs.none().overflow(BitFieldArgs.Overflow.FAIL)
                .incrBy("u8", 0, 100).overflow(BitFieldArgs.Overflow.SAT).incrBy("u8", 0, 100));
        assertThat(overflow).isEqualTo(Arrays.asList(null, 255L));
        assertThat(redis.bitfield("f", BitFieldArgs.none().setAtIndex("u8", 1, 7).getAtIndex("u8", 1)))
                .containsExactly(251L, 7L);
    }

    @Test
    void invalidArgumentsFailBeforeAnythingIsSent() {
        assertThatThrownBy(() -> redis.setbit("b", -1, true)).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> BitFieldArgs.none().get("u64", 0)).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> BitFieldArgs.none().get("x8", 0)).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> redis.bitfield("f", BitFieldArgs.none())).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> redis.bitop(BitOperation.AND, "d", List.of())).isInstanceOf(RedisArgumentException.class);
    }
}
