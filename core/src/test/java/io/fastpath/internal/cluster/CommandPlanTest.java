package io.fastpath.internal.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.command.CommandBuilder;
import io.fastpath.RedisCrossSlotException;
import io.fastpath.internal.command.CommandSpec;
import io.fastpath.internal.routing.SlotHash;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CommandPlanTest {
    private static final CommandBuilder<String, String> COMMANDS = CommandBuilder.UTF8;

    private static CommandPlan plan(io.fastpath.command.Command<?> command) {
        return CommandPlan.of((CommandSpec<?>) command);
    }

    @Test
    void aSingleKeyCommandGoesToItsKeysSlot() {
        CommandPlan get = plan(COMMANDS.get("user:1"));
        assertThat(get.kind).isEqualTo(CommandPlan.Kind.SLOT);
        assertThat(get.slot).isEqualTo(SlotHash.slot("user:1".getBytes(StandardCharsets.UTF_8)));
        assertThat(plan(COMMANDS.set("user:1", "v")).slot).isEqualTo(get.slot);
    }

    @Test
    void multiKeyCommandsWithinOneSlotAreNotSplit() {
        CommandPlan mget = plan(COMMANDS.mget("{tag}:a", "{tag}:b", "{tag}:c"));
        assertThat(mget.kind).isEqualTo(CommandPlan.Kind.SLOT);
        assertThat(mget.slot).isEqualTo(SlotHash.slot("tag".getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void splittableCommandsAcrossSlotsAreSplit() {
        assertThat(plan(COMMANDS.mget("a", "b")).kind).isEqualTo(CommandPlan.Kind.SPLIT);
        assertThat(plan(COMMANDS.del("a", "b")).kind).isEqualTo(CommandPlan.Kind.SPLIT);
        assertThat(plan(COMMANDS.exists("a", "b")).kind).isEqualTo(CommandPlan.Kind.SPLIT);
        Map<String, String> entries = new LinkedHashMap<>();
        entries.put("a", "1");
        entries.put("b", "2");
        assertThat(plan(COMMANDS.mset(entries)).kind).isEqualTo(CommandPlan.Kind.SPLIT);
    }

    @Test
    void msetnxAndOtherMultiKeyCommandsAcrossSlotsAreRefusedNamingTheKeys() {
        Map<String, String> entries = new LinkedHashMap<>();
        entries.put("a", "1");
        entries.put("b", "2");
        assertThatThrownBy(() -> plan(COMMANDS.msetnx(entries)))
                .isInstanceOf(RedisCrossSlotException.class).hasMessageContaining("a (slot").hasMessageContaining("b (slot");
        assertThatThrownBy(() -> plan(COMMANDS.command("RENAME", "a", "b"))).isInstanceOf(RedisCrossSlotException.class);
        assertThatThrownBy(() -> plan(COMMANDS.command("EVAL", "return 1", "2", "a", "b")))
                .isInstanceOf(RedisCrossSlotException.class);
    }

    @Test
    void keylessCommandsFanOutOnlyWhenTheServerDeclaresHowToMergeTheReplies() {
        assertThat(plan(COMMANDS.dbsize()).kind).isEqualTo(CommandPlan.Kind.FAN_OUT);
        assertThat(plan(COMMANDS.flushall()).kind).isEqualTo(CommandPlan.Kind.FAN_OUT);
        assertThat(plan(COMMANDS.command("KEYS", "*")).kind).isEqualTo(CommandPlan.Kind.FAN_OUT);
        assertThat(plan(COMMANDS.command("SCRIPT", "LOAD", "return 1")).kind).isEqualTo(CommandPlan.Kind.FAN_OUT);
        assertThat(plan(COMMANDS.info(null)).kind).isEqualTo(CommandPlan.Kind.KEYLESS);
        assertThat(plan(COMMANDS.scanPage("0", io.fastpath.command.ScanArgs.none())).kind).isEqualTo(CommandPlan.Kind.SCAN);
    }

    @Test
    void anUnknownModuleCommandGoesByItsFirstKeyOrToAnyPrimary() {
        assertThat(plan(COMMANDS.command("MYMODULE.DO")).kind).isEqualTo(CommandPlan.Kind.KEYLESS);
        assertThat(plan(COMMANDS.command("MYMODULE.DO", "key")).kind).isEqualTo(CommandPlan.Kind.UNKNOWN_KEYS);
    }
}
