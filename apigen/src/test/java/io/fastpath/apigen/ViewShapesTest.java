package io.fastpath.apigen;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The rules that shape a view method, read off the real builders. */
class ViewShapesTest {
    private static final List<CommandGroup> GROUPS = BuilderSources.read(Path.of("..", "core", "src", "main", "java", "io", "fastpath", "command"));

    private static String view(String group, ViewStyle style) {
        return GenerateViews.view(GROUPS.stream().filter(g -> g.name().equals(group)).findFirst().orElseThrow(), style);
    }

    @Test
    void theGroupsAreThoseCommandBuilderImplementsInItsOrder() {
        assertThat(GROUPS).extracting(CommandGroup::name).containsExactly("String", "Server", "Key", "Hash", "List", "Set",
                "SortedSet", "Script", "Stream", "StreamGroup", "Bitmap", "HyperLogLog", "Geo", "PubSub", "Blocking");
    }

    @Test
    void aBlockingReplyThatCannotBeNullIsPrimitiveAndANullableOneStaysBoxed() {
        String keys = view("Key", new BlockingStyle());
        assertThat(keys).contains("default long ttl(K key)").contains("default boolean persist(K key)")
                .contains("default void rename(K key, K newKey)").contains("default Long objectIdleTime(K key)");
    }

    @Test
    void aScanPageMethodAlsoGetsAnIterationInTheBlockingAndReactiveViewsOnly() {
        assertThat(view("Hash", new BlockingStyle())).contains("default Iterable<Map.Entry<K, V>> hscan(K key, ScanArgs options)");
        assertThat(view("Hash", new ReactorStyle())).contains("default Flux<Map.Entry<K, V>> hscan(K key, ScanArgs options)");
        assertThat(view("Hash", new AsyncStyle())).doesNotContain(" hscan(");
        assertThat(view("Hash", new VertxStyle())).doesNotContain(" hscan(");
    }

    @Test
    void theGenericCommandIsCarriedIntoTheServerViewsAsSend() {
        assertThat(view("Server", new AsyncStyle())).contains("default CompletableFuture<Reply> send(Object... words) {\n"
                + "        return dispatch(commands().command(words));");
    }

    @Test
    void aBuilderOnlyFallbackHasNoViewMethodAndItsCommandFallsBackOnNoScript() {
        String scripts = view("Script", new VertxStyle());
        assertThat(scripts).doesNotContain("Future<Reply> evalScriptSource(");
        assertThat(scripts).contains("return execute(commands().evalScript(script, keys, arguments)).recover(failure ->");
        assertThat(scripts).contains("? execute(commands().evalScriptSource(script, keys, arguments))");
    }

    @Test
    void docReferencesToTheSameClassNameTheBuilderWhereEveryCommandExists() {
        assertThat(view("Key", new ReactorStyle())).contains("{@link KeyCommandBuilder#expireTime}");
    }
}
