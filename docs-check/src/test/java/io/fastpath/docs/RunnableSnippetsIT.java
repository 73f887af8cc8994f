package io.fastpath.docs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.RedisClient;
import io.fastpath.RedisServerException;
import io.fastpath.testkit.RedisServerExtension;
import java.lang.reflect.InvocationTargetException;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Every block marked {@code <!-- snippet: run -->} runs against a real server the testkit starts: a whole program
 * through its {@code main}, a fragment through its wrapper with {@code redis} connected. The address the
 * documentation uses, {@link #DOCUMENTED_URI}, is replaced by the test server's before compiling.
 */
class RunnableSnippetsIT {

    static final String DOCUMENTED_URI = "redis://localhost:6379";

    @RegisterExtension
    static RedisServerExtension server = RedisServerExtension.standalone();

    @TestFactory
    Stream<DynamicTest> everyRunnableBlockRunsAgainstARealServer() {
        List<JavaBlock> runnable = DocumentationFiles.javaBlocks().stream().filter(block -> block.options().run()).toList();
        List<SnippetSource> sources = Snippets.sourcesOf(runnable.stream().map(this::pointedAtTheTestServer).toList());
        SnippetCompiler.Result compiled = SnippetCompiler.compile(sources);
        return sources.stream().map(source -> DynamicTest.dynamicTest(source.block().location(), () -> {
            assertThat(compiled.errorsOf(source)).as(Snippets.failureOf(source, compiled.errorsOf(source))).isEmpty();
            server.server().call("FLUSHALL"); // each block starts from an empty server
            run(source, compiled.classLoader());
        }));
    }

    @Test
    void theReadmeHasARunnableBlock() {
        assertThat(DocumentationFiles.javaBlocks())
                .anySatisfy(block -> {
                    assertThat(block.file()).isEqualTo("README.md");
                    assertThat(block.options().run()).isTrue();
                });
    }

    @Test
    void aRunnableBlockThatFailsWhenRunFailsNamingItsFileAndLine() {
        String markdown = "# Guide\n\n<!-- snippet: run -->\n```java\nredis.send(\"NO-SUCH-COMMAND\");\n```\n";
        List<SnippetSource> sources = Snippets.sourcesOf(MarkdownJavaBlocks.of("docs/guide.md", markdown));
        SnippetCompiler.Result compiled = SnippetCompiler.compile(sources);

        assertThat(compiled.errorsOf(sources.get(0))).isEmpty();
        assertThatThrownBy(() -> run(sources.get(0), compiled.classLoader()))
                .isInstanceOf(AssertionError.class)
                .hasMessage("The Java block at docs/guide.md:5 failed when run")
                .hasCauseInstanceOf(RedisServerException.class);
    }

    private JavaBlock pointedAtTheTestServer(JavaBlock block) {
        String code = block.code().replace(DOCUMENTED_URI, server.server().uri());
        return new JavaBlock(block.file(), block.line(), code, block.options());
    }

    private void run(SnippetSource source, ClassLoader loader) throws Throwable {
        Class<?> type = loader.loadClass(source.qualifiedTypeName());
        try {
            if (source.hasMain()) {
                type.getMethod("main", String[].class).invoke(null, (Object) new String[0]);
                return;
            }
            Object wrapper = type.getConstructor().newInstance();
            try (RedisClient redis = RedisClient.create(server.server().uri())) {
                type.getField("redis").set(wrapper, redis);
                type.getMethod("run").invoke(wrapper);
            }
        } catch (InvocationTargetException e) {
            throw new AssertionError("The Java block at " + source.block().location() + " failed when run", e.getCause());
        }
    }
}
