package io.fastpath.internal.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class CommandResolverTest {

    @Test
    void resolvesACommandNameInAnyCase() {
        assertThat(CommandResolver.resolve(arguments("get", "k"))).isSameAs(CommandTable.lookup("GET"));
        assertThat(CommandResolver.resolve(arguments("GeT", "k"))).isSameAs(CommandTable.lookup("GET"));
    }

    @Test
    void resolvesAContainerToTheSubcommandNamedInTheSecondArgument() {
        assertThat(CommandResolver.resolve(arguments("object", "encoding", "k")).name()).isEqualTo("OBJECT|ENCODING");
    }

    @Test
    void aContainerWithoutAKnownSubcommandResolvesToItself() {
        assertThat(CommandResolver.resolve(arguments("CLIENT"))).isSameAs(CommandTable.lookup("CLIENT"));
        assertThat(CommandResolver.resolve(arguments("CLIENT", "NO-SUCH"))).isSameAs(CommandTable.lookup("CLIENT"));
    }

    @Test
    void aPlainCommandIgnoresWhatLooksLikeASubcommand() {
        assertThat(CommandResolver.resolve(arguments("SET", "encoding", "v")).name()).isEqualTo("SET");
    }

    @Test
    void unknownOrEmptyCommandsResolveToNull() {
        assertThat(CommandResolver.resolve(arguments("NO-SUCH-COMMAND"))).isNull();
        assertThat(CommandResolver.resolve(new byte[0][])).isNull();
    }

    private static byte[][] arguments(String... words) {
        byte[][] args = new byte[words.length][];
        for (int index = 0; index < words.length; index++) {
            args[index] = words[index].getBytes(StandardCharsets.UTF_8);
        }
        return args;
    }
}
