package io.fastpath.internal.command;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.RedisArgumentException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class SharedConnectionRulesTest {

    private static byte[][] words(String... words) {
        byte[][] args = new byte[words.length][];
        for (int i = 0; i < words.length; i++) {
            args[i] = words[i].getBytes(StandardCharsets.UTF_8);
        }
        return args;
    }

    @Test
    void eachRefusalNamesTheApiToUseInstead() {
        assertThat(SharedConnectionRules.refusal(words("select", "1"))).contains("RedisClientBuilder.database(n)");
        assertThat(SharedConnectionRules.refusal(words("AUTH", "user", "pass"))).contains("credentialsProvider");
        assertThat(SharedConnectionRules.refusal(words("HELLO", "2"))).contains("credentials");
        assertThat(SharedConnectionRules.refusal(words("CLIENT", "SETNAME", "n"))).contains("clientName(...)");
        assertThat(SharedConnectionRules.refusal(words("CLIENT", "TRACKING", "ON"))).contains("clientSideCache(...)");
        assertThat(SharedConnectionRules.refusal(words("PUNSUBSCRIBE"))).contains("psubscribe(...)");
        assertThat(SharedConnectionRules.refusal(words("MULTI"))).contains("redis.multi()");
        assertThat(SharedConnectionRules.refusal(words("READONLY"))).contains("readPolicy(...)");
        assertThat(SharedConnectionRules.refusal(words("RESET"))).contains("redis.close()");
        assertThat(SharedConnectionRules.refusal(words("SCRIPT", "DEBUG", "YES"))).contains("--ldb");
        assertThatThrownBy(() -> SharedConnectionRules.requireAllowedOnSharedConnection(words("MONITOR")))
                .isInstanceOf(RedisArgumentException.class).hasMessageStartingWith("MONITOR cannot be sent on a shared connection");
    }

    @Test
    void aSubcommandOfTheConnectionGroupThatTheTableDoesNotKnowIsRefusedToo() {
        // Newer servers' CLIENT subcommands (Redis 7.2's NO-TOUCH and SETINFO, Valkey 8's CAPA) change the connection.
        assertThat(SharedConnectionRules.refusal(words("CLIENT", "NO-TOUCH", "ON"))).isNotNull();
        assertThat(SharedConnectionRules.refusal(words("CLIENT", "CAPA", "redirect"))).isNotNull();
    }

    @Test
    void commandsThatOnlyReadOrActOnTheWholeServerAreAllowed() {
        for (String[] allowed : List.of(new String[] {"PING"}, new String[] {"ECHO", "x"}, new String[] {"CLIENT", "ID"},
                new String[] {"CLIENT", "LIST"}, new String[] {"CLIENT", "KILL", "ID", "1"}, new String[] {"PUBLISH", "c", "m"},
                new String[] {"SPUBLISH", "c", "m"}, new String[] {"PUBSUB", "CHANNELS"}, new String[] {"SWAPDB", "0", "1"},
                new String[] {"FLUSHALL"}, new String[] {"GET", "k"}, new String[] {"SCRIPT", "LOAD", "return 1"},
                new String[] {"CLUSTER", "INFO"}, new String[] {"MYMODULE.COMMAND", "x"}, new String[] {"CLIENT"})) {
            assertThat(SharedConnectionRules.refusal(words(allowed))).as(String.join(" ", allowed)).isNull();
        }
    }

    @Test
    void theReadmeListsExactlyTheCommandsOfTheTableThatAreRefused() throws IOException {
        TreeSet<String> refused = new TreeSet<>();
        for (CommandInfo command : CommandTable.all()) {
            List<CommandInfo> entries = new ArrayList<>(command.subcommands());
            if (entries.isEmpty()) {
                entries.add(command);
            }
            for (CommandInfo entry : entries) {
                String[] name = entry.name().split("\\|");
                if (SharedConnectionRules.refusal(words(name)) != null) {
                    refused.add(String.join(" ", name));
                }
            }
        }
        String readme = Files.readString(Path.of("..", "docs", "commands.md"));
        int start = readme.indexOf("<!-- refused-commands:start -->");
        int end = readme.indexOf("<!-- refused-commands:end -->");
        assertThat(start).as("docs/commands.md's refused-commands markers; derived from the table: " + String.join(", ", refused))
                .isNotNegative();
        TreeSet<String> listed = new TreeSet<>();
        Matcher names = Pattern.compile("`([A-Z][A-Z -]*)`").matcher(readme.substring(start, end));
        while (names.find()) {
            listed.add(names.group(1));
        }
        assertThat(listed).as("docs/commands.md's list of refused commands; derived from the table: " + String.join(", ", refused))
                .isEqualTo(refused);
    }
}
