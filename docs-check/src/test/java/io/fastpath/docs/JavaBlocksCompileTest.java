package io.fastpath.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** Every ```java block of README.md and docs/ compiles against the published modules (one test per block). */
class JavaBlocksCompileTest {

    /** Written once by the JUnit thread in beforeAll, read by the tests after it. */
    private static List<SnippetSource> sources;
    private static SnippetCompiler.Result compiled;

    @BeforeAll
    static void compileEveryBlock() {
        sources = Snippets.sourcesOf(DocumentationFiles.javaBlocks());
        compiled = SnippetCompiler.compile(sources);
    }

    @TestFactory
    Stream<DynamicTest> everyJavaBlockCompiles() {
        return sources.stream().map(source -> DynamicTest.dynamicTest(source.block().location(), () -> {
            List<String> errors = compiled.errorsOf(source);
            assertThat(errors).as(Snippets.failureOf(source, errors)).isEmpty();
        }));
    }

    @Test
    void theReadmeQuickStartIsAWholeProgramMarkedRunnable() {
        assertThat(sources)
                .filteredOn(source -> source.block().file().equals("README.md") && source.typeName().equals("QuickStart"))
                .singleElement()
                .satisfies(quickStart -> {
                    assertThat(quickStart.context()).isEqualTo(SnippetOptions.Context.UNIT);
                    assertThat(quickStart.block().options().run()).isTrue();
                    assertThat(quickStart.hasMain()).isTrue();
                });
    }
}
