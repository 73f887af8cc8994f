package io.fastpath.internal.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class KeyPositionsTest {

    @Test
    void getHasItsOnlyKeyRightAfterTheName() {
        assertThat(keysOf("GET", "k")).containsExactly(1);
    }

    @Test
    void msetFindsEveryOtherArgumentAsAKey() {
        assertThat(keysOf("MSET", "k1", "v1", "k2", "v2")).containsExactly(1, 3);
    }

    @Test
    void mgetAndDelTreatEveryArgumentAsAKey() {
        assertThat(keysOf("MGET", "a", "b", "c")).containsExactly(1, 2, 3);
        assertThat(keysOf("DEL", "a", "b")).containsExactly(1, 2);
    }

    @Test
    void evalReadsTheKeyCountAndStopsBeforeTheArguments() {
        assertThat(keysOf("EVAL", "return 1", "2", "k1", "k2", "a1")).containsExactly(3, 4);
    }

    @Test
    void evalWithZeroKeysHasNoKeys() {
        assertThat(keysOf("EVAL", "return 1", "0", "a1")).isEmpty();
    }

    @Test
    void evalWithAnUnparsableOrTooLargeKeyCountHasNoKeys() {
        assertThat(keysOf("EVAL", "return 1", "two", "k1", "k2")).isEmpty();
        assertThat(keysOf("EVAL", "return 1", "02", "k1", "k2")).isEmpty();
        assertThat(keysOf("EVAL", "return 1", "5", "k1", "k2")).isEmpty();
    }

    @Test
    void zunionstoreFindsTheDestinationThenTheCountedSources() {
        assertThat(keysOf("ZUNIONSTORE", "dest", "2", "a", "b", "WEIGHTS", "1", "2")).containsExactly(1, 3, 4);
    }

    @Test
    void xreadFindsEveryStreamKeyAfterTheStreamsKeyword() {
        assertThat(keysOf("XREAD", "COUNT", "2", "STREAMS", "s1", "s2", "0", "0")).containsExactly(4, 5);
    }

    @Test
    void xreadMatchesTheStreamsKeywordCaseInsensitively() {
        assertThat(keysOf("XREAD", "block", "0", "streams", "s1", "0")).containsExactly(4);
    }

    @Test
    void xreadgroupFindsTheStreamAfterGroupAndConsumer() {
        assertThat(keysOf("XREADGROUP", "GROUP", "g", "c", "STREAMS", "s", "0")).containsExactly(5);
    }

    @Test
    void migrateWithTheKeysOptionTakesTheKeysAfterItAndNotTheEmptyPlaceholder() {
        assertThat(keysOf("MIGRATE", "host", "6379", "", "0", "5000", "KEYS", "k1", "k2")).containsExactly(7, 8);
    }

    @Test
    void migrateSkipsTheAuthPasswordBeforeTheKeysOption() {
        assertThat(keysOf("MIGRATE", "host", "6379", "", "0", "5000", "AUTH", "secret", "KEYS", "k1"))
                .containsExactly(9);
    }

    @Test
    void migrateOfASingleKeyUsesItsKeyArgument() {
        assertThat(keysOf("MIGRATE", "host", "6379", "k", "0", "5000", "COPY")).containsExactly(3);
    }

    @Test
    void sortWithStoreHasTheSourceAndTheDestination() {
        assertThat(keysOf("SORT", "src", "BY", "weight_*", "GET", "#", "STORE", "dst")).containsExactly(1, 7);
    }

    @Test
    void sortDoesNotMistakeAGetPatternNamedStoreForTheStoreOption() {
        assertThat(keysOf("SORT", "src", "GET", "store", "x")).containsExactly(1);
    }

    @Test
    void sortWithoutStoreHasOnlyTheSource() {
        assertThat(keysOf("SORT", "src", "LIMIT", "0", "10", "ALPHA")).containsExactly(1);
    }

    @Test
    void objectEncodingFindsTheKeyAfterTheSubcommand() {
        assertThat(keysOf("OBJECT", "ENCODING", "k")).containsExactly(2);
    }

    @Test
    void setWithGetStillHasOneKey() {
        assertThat(keysOf("SET", "k", "v", "GET")).containsExactly(1);
    }

    @Test
    void lmpopReadsTheKeyCountBeforeTheKeys() {
        assertThat(keysOf("LMPOP", "2", "a", "b", "LEFT")).containsExactly(2, 3);
    }

    @Test
    void xgroupCreateHasTheStreamAfterTheSubcommand() {
        assertThat(keysOf("XGROUP", "CREATE", "s", "g", "$")).containsExactly(2);
    }

    @Test
    void keylessCommandsHaveNoKeys() {
        assertThat(keysOf("PING")).isEmpty();
        assertThat(keysOf("DBSIZE")).isEmpty();
    }

    @Test
    void shardedChannelsAreNotReportedAsKeys() {
        assertThat(keysOf("SPUBLISH", "channel", "message")).isEmpty();
    }

    @Test
    void shortArgumentsYieldWhatCanBeFoundWithoutThrowing() {
        assertThat(keysOf("GET")).isEmpty();
        assertThat(keysOf("EVAL", "return 1")).isEmpty();
        assertThat(keysOf("XREAD", "COUNT")).isEmpty();
        assertThat(keysOf("XREAD", "STREAMS")).isEmpty();
        assertThat(keysOf("ZUNIONSTORE", "dest")).containsExactly(1);
        assertThat(keysOf("MIGRATE", "host")).isEmpty();
        assertThat(keysOf("SORT")).isEmpty();
        assertThat(keysOf("MSET", "k1", "v1", "k2")).containsExactly(1, 3);
    }

    @Test
    void firstKeyIsTheFirstPositionOrMinusOneWhenKeyless() {
        assertThat(KeyPositions.firstKey(CommandTable.lookup("XREAD"), arguments("XREAD", "STREAMS", "s", "0")))
                .isEqualTo(2);
        assertThat(KeyPositions.firstKey(CommandTable.lookup("PING"), arguments("PING"))).isEqualTo(-1);
    }

    private static int[] keysOf(String... words) {
        byte[][] args = arguments(words);
        CommandInfo info = CommandResolver.resolve(args);
        assertThat(info).as("command %s", Arrays.toString(words)).isNotNull();
        return KeyPositions.of(info, args);
    }

    private static byte[][] arguments(String... words) {
        byte[][] args = new byte[words.length][];
        for (int index = 0; index < words.length; index++) {
            args[index] = words[index].getBytes(StandardCharsets.UTF_8);
        }
        return args;
    }
}
