package io.fastpath.internal.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.RedisProtocolException;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.function.Function;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

class RespNumbersTest {

    /** Applies {@code parser} to {@code text} placed after some unrelated bytes, so offsets matter. */
    private static <T> T parsed(String text, Function<ByteBuf, T> parser) {
        ByteBuf in = Unpooled.buffer();
        try {
            in.writeCharSequence("xx" + text + "yy", StandardCharsets.US_ASCII);
            return parser.apply(in.slice(2, text.length()));
        } finally {
            in.release();
        }
    }

    private static long parsedLong(String text) {
        return parsed(text, in -> RespNumbers.parseLong(in, 0, in.writerIndex(), RespType.INTEGER));
    }

    private static double parsedDouble(String text) {
        return parsed(text, in -> RespNumbers.parseDouble(in, 0, in.writerIndex()));
    }

    private static BigInteger parsedBigInteger(String text) {
        return parsed(text, in -> RespNumbers.parseBigInteger(in, 0, in.writerIndex()));
    }

    @Property
    void everyLongParsesBackFromItsDecimalText(@ForAll long value) {
        assertThat(parsedLong(Long.toString(value))).isEqualTo(value);
    }

    @Property
    void everyFiniteDoubleParsesBackFromItsJavaText(@ForAll double value) {
        assertThat(parsedDouble(Double.toString(value)))
                .isEqualTo(value);
    }

    @Test
    void oneBeyondEitherEndOfTheLongRangeOverflows() {
        assertThatThrownBy(() -> parsedLong("9223372036854775808"))
                .isInstanceOf(RedisProtocolException.class).hasMessageContaining("overflows");
        assertThatThrownBy(() -> parsedLong("-9223372036854775809"))
                .isInstanceOf(RedisProtocolException.class).hasMessageContaining("overflows");
    }

    @Test
    void infinityAndNanAreAcceptedInAnyCaseWithASign() {
        assertThat(parsedDouble("+INF")).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(parsedDouble("-Inf")).isEqualTo(Double.NEGATIVE_INFINITY);
        assertThat(parsedDouble("-nan")).isNaN();
    }

    @Test
    void javaOnlyDoubleSpellingsAreRejected() {
        assertThatThrownBy(() -> parsedDouble("Infinity"))
                .isInstanceOf(RedisProtocolException.class);
        assertThatThrownBy(() -> parsedDouble("1.5d"))
                .isInstanceOf(RedisProtocolException.class);
        assertThatThrownBy(() -> parsedDouble("0x1p3"))
                .isInstanceOf(RedisProtocolException.class);
    }

    @Test
    void bigIntegerKeepsSignAndEveryDigit() {
        String digits = "-" + "9".repeat(100);

        assertThat(parsedBigInteger(digits))
                .isEqualTo(new BigInteger(digits));
    }
}
