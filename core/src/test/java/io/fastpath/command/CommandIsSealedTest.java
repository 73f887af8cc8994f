package io.fastpath.command;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.RedisCodec;
import io.fastpath.internal.command.CommandSpec;
import org.junit.jupiter.api.Test;

/** The client sends only commands its builders made, so {@link Command} admits no other implementation. */
class CommandIsSealedTest {

    @Test
    void commandIsSealedAndPermitsOnlyTheInternalSpec() {
        assertThat(Command.class.isSealed()).isTrue();
        assertThat(Command.class.getPermittedSubclasses()).containsExactly(CommandSpec.class);
    }

    @Test
    void everyBuiltCommandIsACommandSpec() {
        Command<?> built = new CommandBuilder<>(RedisCodec.UTF8).get("key");
        assertThat(built).isInstanceOf(CommandSpec.class);
    }
}
