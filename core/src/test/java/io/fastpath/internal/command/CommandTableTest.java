package io.fastpath.internal.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CommandTableTest {

    @Test
    void flagsAreTheServersFlags() {
        assertThat(CommandTable.lookup("GET").is(CommandInfo.READONLY)).isTrue();
        assertThat(CommandTable.lookup("GET").is(CommandInfo.FAST)).isTrue();
        assertThat(CommandTable.lookup("GET").is(CommandInfo.WRITE)).isFalse();
        assertThat(CommandTable.lookup("SET").is(CommandInfo.WRITE | CommandInfo.DENYOOM)).isTrue();
        assertThat(CommandTable.lookup("BLPOP").is(CommandInfo.BLOCKING)).isTrue();
        assertThat(CommandTable.lookup("EVAL").is(CommandInfo.NOSCRIPT)).isTrue();
        assertThat(CommandTable.lookup("EVAL").is(CommandInfo.MOVABLEKEYS)).isTrue();
        assertThat(CommandTable.lookup("SUBSCRIBE").is(CommandInfo.PUBSUB)).isTrue();
        assertThat(CommandTable.lookup("AUTH").is(CommandInfo.NO_AUTH)).isTrue();
    }

    @Test
    void aSubcommandIsReachableByFullNameAndFromItsContainer() {
        CommandInfo setName = CommandTable.lookup("CLIENT", "SETNAME");
        assertThat(setName).isNotNull();
        assertThat(setName.name()).isEqualTo("CLIENT|SETNAME");
        assertThat(CommandTable.lookup("CLIENT|SETNAME")).isSameAs(setName);
        assertThat(CommandTable.lookup("CLIENT").subcommand("SETNAME")).isSameAs(setName);
        assertThat(CommandTable.lookup("CLIENT").hasSubcommands()).isTrue();
        assertThat(setName.arity()).isEqualTo(3);
    }

    @Test
    void aSubcommandCarriesItsOwnKeySpecs() {
        CommandInfo create = CommandTable.lookup("XGROUP", "CREATE");
        assertThat(create.keySpecs()).hasSize(1);
        assertThat(create.keySpecs().get(0).beginSearch()).isEqualTo(new KeySpec.Index(2));
        assertThat(create.keySpecs().get(0).is(KeySpec.RW | KeySpec.INSERT)).isTrue();
    }

    @Test
    void everyContainerAndSubcommandAgreeOnEachOther() {
        List<String> mismatches = new ArrayList<>();
        for (CommandInfo info : CommandTable.all()) {
            for (CommandInfo subcommand : info.subcommands()) {
                String shortName = subcommand.name().substring(info.name().length() + 1);
                if (CommandTable.lookup(info.name(), shortName) != subcommand
                        || CommandTable.lookup(subcommand.name()) != subcommand) {
                    mismatches.add(subcommand.name());
                }
            }
        }
        assertThat(mismatches).isEmpty();
    }

    @Test
    void clusterTipsBecomeRequestAndResponsePolicies() {
        assertThat(CommandTable.lookup("DBSIZE").requestPolicy()).isEqualTo(RequestPolicy.ALL_SHARDS);
        assertThat(CommandTable.lookup("DBSIZE").responsePolicy()).isEqualTo(ResponsePolicy.AGG_SUM);
        assertThat(CommandTable.lookup("KEYS").requestPolicy()).isEqualTo(RequestPolicy.ALL_SHARDS);
        assertThat(CommandTable.lookup("KEYS").hasTip("nondeterministic_output_order")).isTrue();
        assertThat(CommandTable.lookup("MSET").requestPolicy()).isEqualTo(RequestPolicy.MULTI_SHARD);
        assertThat(CommandTable.lookup("MSET").responsePolicy()).isEqualTo(ResponsePolicy.ALL_SUCCEEDED);
        assertThat(CommandTable.lookup("GET").requestPolicy()).isEqualTo(RequestPolicy.DEFAULT);
        assertThat(CommandTable.lookup("GET").responsePolicy()).isEqualTo(ResponsePolicy.DEFAULT);
    }

    @Test
    void groupAndSinceComeFromTheDocs() {
        assertThat(CommandTable.lookup("GET").group()).isEqualTo(CommandGroup.STRING);
        assertThat(CommandTable.lookup("GET").since()).isEqualTo("1.0.0");
        assertThat(CommandTable.lookup("ZADD").group()).isEqualTo(CommandGroup.SORTED_SET);
        assertThat(CommandTable.lookup("LMPOP").since()).isEqualTo("7.0.0");
        assertThat(CommandTable.lookup("CLIENT", "SETNAME").group()).isEqualTo(CommandGroup.CONNECTION);
    }

    @Test
    void legacyKeyRangeIsKeptAlongsideTheKeySpecs() {
        CommandInfo mset = CommandTable.lookup("MSET");
        assertThat(new int[] {mset.firstKey(), mset.lastKey(), mset.keyStep()}).containsExactly(1, -1, 2);
    }

    @Test
    void lookupsAreByUpperCaseNameAndUnknownNamesGiveNull() {
        assertThat(CommandTable.lookup("get")).isNull();
        assertThat(CommandTable.lookup("NO-SUCH-COMMAND")).isNull();
        assertThat(CommandTable.lookup("CLIENT", "NO-SUCH-SUBCOMMAND")).isNull();
        assertThat(CommandTable.lookup("GET", "SETNAME")).isNull();
    }

    @Test
    void allListsCommandsAndSubcommandsSortedByName() {
        List<String> names = new ArrayList<>();
        CommandTable.all().forEach(info -> names.add(info.name()));
        assertThat(names).contains("GET", "CLIENT", "CLIENT|SETNAME").isSorted().doesNotHaveDuplicates();
    }
}
