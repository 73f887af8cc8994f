package io.fastpath.internal.command;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.command.CommandBuilder;
import io.fastpath.RedisArgumentException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A command whose arguments together exceed what one buffer holds is refused while it is built, never on the event loop. */
class CommandSizeLimitTest {
    private static final byte[] SIXTY_FOUR_MB = new byte[64 << 20];

    @Test
    void argumentsTotallingMoreThanTwoGigabytesAreRefusedWhenTheCommandIsBuilt() {
        List<byte[]> values = new ArrayList<>();
        for (int i = 0; i < 33; i++) { // 33 x 64 MB = 2.06 GB, the same array each time
            values.add(SIXTY_FOUR_MB);
        }
        assertThatThrownBy(() -> CommandBuilder.BYTES.rpush("list".getBytes(), values))
                .isInstanceOf(RedisArgumentException.class).hasMessageContaining("RPUSH").hasMessageContaining("2 GB");
        Object[] words = new Object[35];
        words[0] = "RPUSH";
        words[1] = "list";
        for (int i = 2; i < words.length; i++) {
            words[i] = SIXTY_FOUR_MB;
        }
        assertThatThrownBy(() -> CommandBuilder.BYTES.command(words)).isInstanceOf(RedisArgumentException.class)
                .hasMessageContaining("2 GB");
    }

    @Test
    void theLongestArgumentsSizeClassIsKeptForTheSendTimeLimit() {
        CommandSpec<?> spec = (CommandSpec<?>) CommandBuilder.BYTES.rpush("list".getBytes(), List.of(new byte[10], new byte[300]));
        assertThat(spec.largestArgument()).isEqualTo(300);
        assertThat(spec.argumentBits()).isEqualTo(CommandSpec.bits(300)).isEqualTo((byte) 9);
        assertThat(((CommandSpec<?>) CommandBuilder.BYTES.command("SET", "k", new byte[70])).largestArgument()).isEqualTo(70);
    }
}
