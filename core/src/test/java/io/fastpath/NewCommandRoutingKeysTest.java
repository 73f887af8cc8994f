package io.fastpath;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.command.BitOperation;
import io.fastpath.command.Command;
import io.fastpath.command.CommandBuilder;
import io.fastpath.command.GeoSearch;
import io.fastpath.command.GeoUnit;
import io.fastpath.command.Reply;
import io.fastpath.command.Script;
import io.fastpath.command.StreamOffset;
import io.fastpath.command.StreamReadArgs;
import io.fastpath.command.StreamTrim;
import io.fastpath.command.XAddArgs;
import io.fastpath.internal.command.CommandSpec;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Script, stream, bitmap and geo commands route by their first key, and keyless ones by none. */
class NewCommandRoutingKeysTest {

    private static final CommandBuilder<String, String> COMMANDS = CommandBuilder.UTF8;

    private static String routingKey(Command<?> command) {
        byte[] key = ((CommandSpec<?>) command).routingKey();
        return key == null ? null : new String(key, StandardCharsets.UTF_8);
    }

    private static List<String> words(Command<?> command) {
        return java.util.Arrays.stream(((CommandSpec<?>) command).args()).map(a -> new String(a, StandardCharsets.UTF_8)).toList();
    }

    @Test
    void scriptsRouteByTheirFirstKeyAndSendTheKeyCountBeforeTheKeys() {
        Command<Reply> eval = COMMANDS.eval("return 1", List.of("{u}a", "{u}b"), List.of("x"));
        assertThat(routingKey(eval)).isEqualTo("{u}a");
        assertThat(words(eval)).containsExactly("EVAL", "return 1", "2", "{u}a", "{u}b", "x");
        Script script = Script.of("return 1");
        assertThat(words(COMMANDS.evalScript(script, List.of("k"), List.of()))).containsExactly("EVALSHA", script.sha1(), "1", "k");
        assertThat(routingKey(COMMANDS.fcall("f", List.of(), List.of("x")))).isNull();
        assertThat(((CommandSpec<?>) COMMANDS.evalReadOnly("return 1", List.of(), List.of())).readOnly()).isTrue();
        assertThat(((CommandSpec<?>) COMMANDS.eval("return 1", List.of(), List.of())).readOnly()).isFalse();
    }

    @Test
    void streamReadsRouteByTheFirstStreamAndListAllKeysBeforeAllIds() {
        Command<?> read = COMMANDS.xreadGroup("g", "c", StreamReadArgs.none().count(10).noAck(),
                List.of(StreamOffset.undelivered("{s}1"), StreamOffset.after("{s}2", "5-0")));
        assertThat(routingKey(read)).isEqualTo("{s}1");
        assertThat(words(read)).containsExactly("XREADGROUP", "GROUP", "g", "c", "COUNT", "10", "NOACK", "STREAMS",
                "{s}1", "{s}2", ">", "5-0");
        Command<?> add = COMMANDS.xadd("s", XAddArgs.none().noMakeStream().trim(StreamTrim.maxLength(10).approximate()),
                Map.of("f", "v"));
        assertThat(words(add)).containsExactly("XADD", "s", "NOMKSTREAM", "MAXLEN", "~", "10", "*", "f", "v");
    }

    @Test
    void multiKeyWritesRouteByTheirDestination() {
        assertThat(routingKey(COMMANDS.bitop(BitOperation.OR, "{b}dest", List.of("{b}1", "{b}2")))).isEqualTo("{b}dest");
        assertThat(routingKey(COMMANDS.pfmerge("{h}dest", List.of("{h}1")))).isEqualTo("{h}dest");
        Command<Long> store = COMMANDS.geosearchStore("{g}dest", "{g}src",
                GeoSearch.<String>fromCoordinates(1.5, 2).byRadius(3, GeoUnit.KM).ascending().count(4));
        assertThat(routingKey(store)).isEqualTo("{g}dest");
        assertThat(words(store)).containsExactly("GEOSEARCHSTORE", "{g}dest", "{g}src", "FROMLONLAT", "1.5", "2",
                "BYRADIUS", "3", "km", "ASC", "COUNT", "4");
    }
}
