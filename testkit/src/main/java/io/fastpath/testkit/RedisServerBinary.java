package io.fastpath.testkit;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The redis-server (or valkey-server) executable the kit launches, with its reported version.
 *
 * <p>Looked up from the environment variable {@value #ENVIRONMENT_VARIABLE}, then {@code
 * redis-server} on the PATH, then {@code valkey-server} on the PATH, so a developer can point
 * the whole suite at another build without touching code.
 */
public final class RedisServerBinary {

    public static final String ENVIRONMENT_VARIABLE = "FASTPATH_REDIS_SERVER";

    private static final Pattern VERSION_PATTERN = Pattern.compile("v=(\\d+)\\.(\\d+)\\.(\\d+)");

    /** Set once by the first caller of {@link #locate()} on any thread, under the class lock. */
    private static volatile RedisServerBinary located;

    private final Path executable;
    private final String versionText;
    private final int majorVersion;
    private final int minorVersion;
    private final int patchVersion;

    private RedisServerBinary(Path executable, String versionText) {
        this.executable = executable;
        this.versionText = versionText;
        Matcher matcher = VERSION_PATTERN.matcher(versionText);
        if (!matcher.find()) {
            throw new RedisTestkitException(
                    "Cannot read a version from '" + executable + " --version': " + versionText);
        }
        this.majorVersion = Integer.parseInt(matcher.group(1));
        this.minorVersion = Integer.parseInt(matcher.group(2));
        this.patchVersion = Integer.parseInt(matcher.group(3));
    }

    /** Finds the executable once per JVM and remembers it. */
    public static RedisServerBinary locate() {
        RedisServerBinary current = located;
        if (current == null) {
            synchronized (RedisServerBinary.class) {
                current = located;
                if (current == null) {
                    current = at(findExecutable(System.getenv()));
                    located = current;
                }
            }
        }
        return current;
    }

    /** Uses a specific executable, for example a locally built server. */
    public static RedisServerBinary at(Path executable) {
        if (!Files.isExecutable(executable)) {
            throw new RedisTestkitException(executable + " is not an executable file");
        }
        return new RedisServerBinary(executable, readVersion(executable));
    }

    public Path executable() {
        return executable;
    }

    /** The full first line of {@code --version}, e.g. {@code Redis server v=7.0.15 sha=...}. */
    public String versionText() {
        return versionText;
    }

    /** The version as {@code major.minor.patch}. */
    public String version() {
        return majorVersion + "." + minorVersion + "." + patchVersion;
    }

    public int majorVersion() {
        return majorVersion;
    }

    public int minorVersion() {
        return minorVersion;
    }

    public boolean isValkey() {
        return versionText.toLowerCase(Locale.ROOT).contains("valkey");
    }

    /** True when the server is at least {@code major.minor}. */
    public boolean isAtLeast(int major, int minor) {
        return majorVersion > major || (majorVersion == major && minorVersion >= minor);
    }

    @Override
    public String toString() {
        return executable + " (" + versionText + ")";
    }

    /** Applies the lookup order to {@code environment}; package-private so tests can pass their own. */
    static Path findExecutable(Map<String, String> environment) {
        String configured = environment.get(ENVIRONMENT_VARIABLE);
        if (configured != null && !configured.isBlank()) {
            Path path = Path.of(configured.trim());
            if (!Files.isExecutable(path)) {
                throw new RedisTestkitException(ENVIRONMENT_VARIABLE + "=" + configured
                        + " does not name an executable file");
            }
            return path;
        }
        List<String> searched = new ArrayList<>();
        for (String name : List.of("redis-server", "valkey-server")) {
            searched.add(name);
            Path found = searchPath(environment.get("PATH"), name);
            if (found != null) {
                return found;
            }
        }
        throw new RedisTestkitException("No Redis server executable found (looked for "
                + ENVIRONMENT_VARIABLE + ", then " + String.join(", ", searched)
                + " on PATH); install it: apt-get install -y redis-server");
    }

    private static Path searchPath(String path, String name) {
        if (path == null) {
            return null;
        }
        for (String directory : path.split(File.pathSeparator)) {
            if (directory.isEmpty()) {
                continue;
            }
            Path candidate = Path.of(directory, name);
            if (Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        return null;
    }

    private static String readVersion(Path executable) {
        try {
            Process process = new ProcessBuilder(executable.toString(), "--version")
                    .redirectErrorStream(true)
                    .start();
            String output;
            try (InputStream input = process.getInputStream()) {
                output = new String(input.readAllBytes(), StandardCharsets.UTF_8).trim();
            }
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new RedisTestkitException(executable + " --version did not finish in 10 s");
            }
            int newline = output.indexOf('\n');
            return newline < 0 ? output : output.substring(0, newline).trim();
        } catch (IOException exception) {
            throw new RedisTestkitException("Cannot run " + executable + " --version", exception);
        } catch (InterruptedException exception) {
            Thread.currentThread().interrupt();
            throw new RedisTestkitException("Interrupted while running " + executable + " --version", exception);
        }
    }
}
