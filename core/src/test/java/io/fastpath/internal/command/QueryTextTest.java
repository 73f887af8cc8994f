package io.fastpath.internal.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The query text a listener may export: names and (on request) keys, never an argument value or a password. */
class QueryTextTest {

    private static byte[][] args(String... words) {
        byte[][] bytes = new byte[words.length][];
        for (int i = 0; i < words.length; i++) {
            bytes[i] = words[i].getBytes(StandardCharsets.UTF_8);
        }
        return bytes;
    }

    @Test
    void valuesAreReplacedAndKeysAppearOnlyWhenAsked() {
        assertThat(QueryText.of("SET", args("SET", "user:1", "secret-value", "EX", "10"), true)).isEqualTo("SET user:1 ? ? ?");
        assertThat(QueryText.of("SET", args("SET", "user:1", "secret-value"), false)).isEqualTo("SET ? ?");
        assertThat(QueryText.of("MSET", args("MSET", "a", "1", "b", "2"), true)).isEqualTo("MSET a ? b ?");
        assertThat(QueryText.of("HMSET", args("HMSET", "myhash", "field1", "Hello"), true)).isEqualTo("HMSET myhash ? ?");
    }

    @Test
    void aKnownSubcommandIsNamedAndItsArgumentsHidden() {
        assertThat(QueryText.of("CONFIG", args("CONFIG", "SET", "requirepass", "hunter2"), true)).isEqualTo("CONFIG SET ? ?");
        assertThat(QueryText.of("CLIENT", args("CLIENT", "setname", "app"), true)).isEqualTo("CLIENT SETNAME ?");
        assertThat(QueryText.of("ACL", args("ACL", "SETUSER", "app", ">pa55"), true)).isEqualTo("ACL SETUSER ? ?");
    }

    @Test
    void passwordsOfAuthHelloAndMigrateNeverAppear() {
        String password = "s3cr3t-password";
        assertThat(QueryText.of("AUTH", args("AUTH", "app", password), true)).isEqualTo("AUTH ? ?");
        assertThat(QueryText.of("HELLO", args("HELLO", "3", "AUTH", "app", password), true)).isEqualTo("HELLO ? ? ? ?");
        assertThat(QueryText.of("MIGRATE", args("MIGRATE", "10.0.0.1", "6379", "k", "0", "5000", "AUTH", password), true))
                .doesNotContain(password).startsWith("MIGRATE ? ? k");
        assertThat(QueryText.of("EVAL", args("EVAL", "return redis.call('GET', KEYS[1])", "1", "k"), true))
                .isEqualTo("EVAL ? ? k");
    }

    @Test
    void aCommandTheTableDoesNotKnowShowsOnlyItsName() {
        assertThat(QueryText.of("MODULE.CMD", args("MODULE.CMD", "key", "value"), true)).isEqualTo("MODULE.CMD ? ?");
    }
}
