package io.fastpath.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The README's Gradle snippet names exactly what its Maven snippet does (the BOM with its version, the modules,
 * the epoll transport's classifier). The Maven snippet is built and run by {@code scripts/check-quickstart}; a
 * Gradle build cannot run here (no Gradle distribution is reachable from this machine's registries), so the
 * Gradle snippet is held to the Maven one instead.
 */
class GradleSnippetMatchesMavenTest {
    private static final Pattern MAVEN_DEPENDENCY = Pattern.compile(
            "<dependency>\\s*<groupId>([^<]+)</groupId>\\s*<artifactId>([^<]+)</artifactId>"
                    + "(?:\\s*<version>([^<]+)</version>)?(?:\\s*<type>[^<]+</type>)?(?:\\s*<classifier>([^<]+)</classifier>)?");
    private static final Pattern GRADLE_DEPENDENCY = Pattern.compile(
            "(?:implementation|runtimeOnly)\\((platform\\()?\"([^\"]+)\"");

    @Test
    void theGradleSnippetDeclaresTheSameCoordinatesAsTheMavenSnippet() {
        String readme = DocumentationFiles.read(DocumentationFiles.root().resolve("README.md"));
        String maven = between(readme, "<!-- snippet:maven-begin -->", "<!-- snippet:maven-end -->");
        String gradle = between(readme, "```kotlin", "```");

        assertThat(coordinatesOfGradle(gradle)).isEqualTo(coordinatesOfMaven(maven)).isNotEmpty();
    }

    @Test
    void aGradleSnippetWithAnotherVersionDiffersFromTheMavenSnippet() {
        String maven = "<dependency>\n<groupId>io.fastpath</groupId>\n<artifactId>fastpath-bom</artifactId>\n"
                + "<version>0.1.0-SNAPSHOT</version>\n<type>pom</type>\n</dependency>";
        String gradle = "implementation(platform(\"io.fastpath:fastpath-bom:0.0.9\"))";

        assertThat(coordinatesOfGradle(gradle)).isNotEqualTo(coordinatesOfMaven(maven));
    }

    /** group:artifact[:version][:classifier] of each dependency, in order. */
    private static Set<String> coordinatesOfMaven(String snippet) {
        Set<String> coordinates = new LinkedHashSet<>();
        Matcher matcher = MAVEN_DEPENDENCY.matcher(snippet);
        while (matcher.find()) {
            coordinates.add(coordinate(matcher.group(1), matcher.group(2), matcher.group(3), matcher.group(4)));
        }
        return coordinates;
    }

    private static Set<String> coordinatesOfGradle(String snippet) {
        Set<String> coordinates = new LinkedHashSet<>();
        Matcher matcher = GRADLE_DEPENDENCY.matcher(snippet);
        while (matcher.find()) {
            String[] parts = matcher.group(2).split(":", -1); // group:artifact[:version[:classifier]]
            coordinates.add(coordinate(parts[0], parts[1], part(parts, 2), part(parts, 3)));
        }
        return coordinates;
    }

    private static String part(String[] parts, int index) {
        return index < parts.length && !parts[index].isEmpty() ? parts[index] : null;
    }

    private static String coordinate(String group, String artifact, String version, String classifier) {
        List<String> parts = new ArrayList<>(List.of(group.trim(), artifact.trim()));
        parts.add(version == null ? "" : version.trim());
        parts.add(classifier == null ? "" : classifier.trim());
        return String.join(":", parts);
    }

    private static String between(String text, String start, String end) {
        int from = text.indexOf(start);
        assertThat(from).as("README.md has %s", start).isNotNegative();
        int to = text.indexOf(end, from + start.length());
        assertThat(to).as("README.md closes %s", start).isPositive();
        return text.substring(from + start.length(), to);
    }
}
