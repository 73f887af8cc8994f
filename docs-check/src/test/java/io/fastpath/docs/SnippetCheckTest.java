package io.fastpath.docs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.docs.SnippetOptions.Context;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The checking machinery itself: what it extracts, how it wraps, and that a broken block fails where it is. */
class SnippetCheckTest {

    @Test
    void aBrokenBlockFailsNamingItsMarkdownFileAndLine() {
        String markdown = String.join("\n",
                "# Guide",                                  // 1
                "",                                         // 2
                "```java",                                  // 3
                "String value = redis.get(\"greeting\");",  // 4
                "```",                                      // 5
                "",                                         // 6
                "```java",                                  // 7
                "redis.set(\"greeting\", \"hello\");",      // 8
                "int count = redis.noSuchCommand();",       // 9
                "```",
                "");
        List<SnippetSource> sources = Snippets.sourcesOf(MarkdownJavaBlocks.of("docs/guide.md", markdown));

        SnippetCompiler.Result compiled = SnippetCompiler.compile(sources);

        assertThat(compiled.errorsOf(sources.get(0))).isEmpty();
        assertThat(compiled.errorsOf(sources.get(1)))
                .singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
                .startsWith("docs/guide.md:9: ")
                .contains("noSuchCommand");
        assertThat(Snippets.failureOf(sources.get(1), compiled.errorsOf(sources.get(1))))
                .contains("The Java block at docs/guide.md:8 does not compile");
    }

    @Test
    void aWholeProgramIsCompiledAsWrittenAndKeepsItsLineNumbers() {
        String markdown = "```java\nimport io.fastpath.RedisClient;\n\npublic class QuickStart {\n"
                + "    public static void main(String[] args) { RedisClient.create(1); }\n}\n```\n";
        List<SnippetSource> sources = Snippets.sourcesOf(MarkdownJavaBlocks.of("README.md", markdown));

        SnippetCompiler.Result compiled = SnippetCompiler.compile(sources);

        assertThat(sources.get(0).context()).isEqualTo(Context.UNIT);
        assertThat(sources.get(0).typeName()).isEqualTo("QuickStart");
        assertThat(compiled.errorsOf(sources.get(0))).singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
                .startsWith("README.md:5: ");
    }

    @Test
    void blocksOfOtherLanguagesAreNotCompiled() {
        String markdown = "```xml\n<dependency/>\n```\n\n```kotlin\nval x = 1\n```\n\n```bash\n./mvnw\n```\n\n```\nplain\n```\n";

        assertThat(MarkdownJavaBlocks.of("docs/a.md", markdown)).isEmpty();
    }

    @Test
    void aSnippetCommentChoosesTheContextAndMarksARun() {
        String markdown = "<!-- snippet: context=members run -->\n```java\nString name() { return redis.toString(); }\n```\n";

        JavaBlock block = MarkdownJavaBlocks.of("docs/a.md", markdown).get(0);

        assertThat(block.options()).isEqualTo(new SnippetOptions(Context.MEMBERS, true));
        assertThat(SnippetCompiler.compile(Snippets.sourcesOf(List.of(block))).errors()).isEmpty();
    }

    @Test
    void aRegionMarkerBetweenTheCommentAndTheBlockLeavesTheOptionsInPlace() {
        String markdown = "<!-- snippet: run -->\n<!-- snippet:quickstart-begin -->\n```java\nredis.get(\"k\");\n```\n"
                + "<!-- snippet:quickstart-end -->\n";

        assertThat(MarkdownJavaBlocks.of("README.md", markdown).get(0).options().run()).isTrue();
    }

    @Test
    void anUnknownSnippetOptionIsRefused() {
        assertThatThrownBy(() -> SnippetOptions.parse("<!-- snippet: runn -->"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("runn");
    }

    @Test
    void theShapeOfABlockDecidesItsContextWithoutAComment() {
        assertThat(SnippetSource.contextOf("import java.util.List;\nclass A {}")).isEqualTo(Context.UNIT);
        assertThat(SnippetSource.contextOf("// a verticle\npublic class A extends AbstractVerticle {}")).isEqualTo(Context.TYPES);
        assertThat(SnippetSource.contextOf("@Bean\nRedisClient client() { return null; }")).isEqualTo(Context.MEMBERS);
        assertThat(SnippetSource.contextOf("redis.set(\"k\", \"v\");")).isEqualTo(Context.CLIENT);
    }

    @Test
    void aBlockInsideAListItemIsReadWithoutItsIndentAtItsOwnLine() {
        String markdown = "- item\n\n  ```java\n  redis.set(\"k\", \"v\");\n  ```\n";

        JavaBlock block = MarkdownJavaBlocks.of("docs/a.md", markdown).get(0);

        assertThat(block.line()).isEqualTo(4);
        assertThat(block.code()).isEqualTo("redis.set(\"k\", \"v\");\n");
    }
}
