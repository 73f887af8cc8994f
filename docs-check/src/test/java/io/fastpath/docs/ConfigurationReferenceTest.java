package io.fastpath.docs;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.RedisClientBuilder;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;

/**
 * docs/configuration.md documents every option of {@link RedisClientBuilder} once, and nothing else: between the
 * page's {@code <!-- builder-options:start -->} and {@code <!-- builder-options:end -->} markers, an option is a table
 * row whose first cell starts with the method's name and its parenthesis, e.g. {@code | `commandTimeout(d)` |}.
 */
class ConfigurationReferenceTest {

    private static final String START = "<!-- builder-options:start -->";
    private static final String END = "<!-- builder-options:end -->";
    private static final Set<String> NOT_OPTIONS = Set.of("build", "toString", "equals", "hashCode");
    private static final Pattern OPTION_ROW = Pattern.compile("(?m)^\\|\\s*`(\\w+)\\(");

    @Test
    void everyBuilderOptionIsDocumentedAndEveryDocumentedOptionExists() {
        Set<String> options = builderOptions();
        List<String> documented = documentedOptions();

        Set<String> missing = new TreeSet<>(options);
        missing.removeAll(documented);
        Set<String> unknown = new TreeSet<>(documented);
        unknown.removeAll(options);

        SoftAssertions.assertSoftly(softly -> {
            softly.assertThat(missing).as("RedisClientBuilder options missing from docs/configuration.md").isEmpty();
            softly.assertThat(unknown).as("options docs/configuration.md names that RedisClientBuilder does not have").isEmpty();
        });
    }

    @Test
    void everyOptionIsDocumentedOnce() {
        List<String> documented = documentedOptions();
        Set<String> repeated = documented.stream()
                .filter(option -> documented.indexOf(option) != documented.lastIndexOf(option))
                .collect(Collectors.toCollection(TreeSet::new));
        assertThat(repeated).as("options with more than one row in docs/configuration.md").isEmpty();
    }

    /** The builder's options: every public instance method but {@code build()} and Object's. */
    static Set<String> builderOptions() {
        return Arrays.stream(RedisClientBuilder.class.getDeclaredMethods())
                .filter(method -> Modifier.isPublic(method.getModifiers()) && !Modifier.isStatic(method.getModifiers()))
                .filter(method -> !method.isSynthetic() && !NOT_OPTIONS.contains(method.getName()))
                .map(Method::getName)
                .collect(Collectors.toCollection(TreeSet::new));
    }

    static List<String> documentedOptions() {
        String page = DocumentationFiles.read(DocumentationFiles.root().resolve("docs/configuration.md"));
        int start = page.indexOf(START);
        int end = page.indexOf(END);
        assertThat(start).as("docs/configuration.md has the marker " + START).isNotNegative();
        assertThat(end).as("docs/configuration.md has the marker " + END + " after the start marker").isGreaterThan(start);
        List<String> names = new ArrayList<>();
        Matcher matcher = OPTION_ROW.matcher(page.substring(start, end));
        while (matcher.find()) {
            names.add(matcher.group(1));
        }
        return names;
    }
}
