package io.fastpath.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every relative link of README.md and docs/ (and the pages they lead to under benchmarks/) points to a file that
 * exists and, with a {@code #fragment}, to a heading of that file as the repository host names it.
 */
class DocumentationLinksTest {

    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
    private static final Pattern FENCED = Pattern.compile("(?s)```.*?```");

    @Test
    void everyRelativeLinkReachesAnExistingFileAndHeading() {
        Path root = DocumentationFiles.root();
        List<String> broken = new ArrayList<>();
        for (Path page : pages(root)) {
            String text = FENCED.matcher(DocumentationFiles.read(page)).replaceAll("");
            Matcher link = LINK.matcher(text);
            while (link.find()) {
                String target = link.group(1);
                if (target.contains("://") || target.startsWith("mailto:")) {
                    continue;
                }
                String file = target.contains("#") ? target.substring(0, target.indexOf('#')) : target;
                String fragment = target.contains("#") ? target.substring(target.indexOf('#') + 1) : null;
                Path resolved = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
                String where = root.relativize(page) + ": (" + target + ")";
                if (!Files.exists(resolved)) {
                    broken.add(where + " names no file");
                } else if (fragment != null && resolved.toString().endsWith(".md") && !anchorsOf(resolved).contains(fragment)) {
                    broken.add(where + " names no heading of " + root.relativize(resolved));
                }
            }
        }
        assertThat(broken).as("broken links in the documentation").isEmpty();
    }

    @Test
    void headingsBecomeTheAnchorsTheRepositoryHostMakes(@TempDir Path directory) throws IOException {
        Path page = directory.resolve("page.md");
        Files.writeString(page, "# Fastpath\n\n### (k) Spring Data Redis: `StringRedisTemplate`\n\n```bash\n# not a heading\n```\n");

        assertThat(anchorsOf(page)).containsExactlyInAnyOrder("fastpath", "k-spring-data-redis-stringredistemplate");
    }

    /** The anchors the repository host gives a page's headings: lower case, punctuation dropped, spaces as hyphens. */
    static Set<String> anchorsOf(Path page) {
        Set<String> anchors = new HashSet<>();
        String text = FENCED.matcher(DocumentationFiles.read(page)).replaceAll("");
        for (String line : text.split("\n")) {
            if (line.startsWith("#")) {
                String heading = line.replaceFirst("^#+\\s*", "").strip().toLowerCase(Locale.ROOT);
                anchors.add(heading.replaceAll("[^\\p{L}\\p{N}_\\- ]", "").replace(' ', '-'));
            }
        }
        return anchors;
    }

    private static List<Path> pages(Path root) {
        List<Path> pages = new ArrayList<>(List.of(root.resolve("README.md"), root.resolve("CHANGELOG.md"),
                root.resolve("benchmarks/README.md"), root.resolve("benchmarks/RESULTS.md")));
        try (Stream<Path> docs = Files.walk(root.resolve("docs"))) {
            docs.filter(path -> path.toString().endsWith(".md")).sorted().forEach(pages::add);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return pages;
    }
}
