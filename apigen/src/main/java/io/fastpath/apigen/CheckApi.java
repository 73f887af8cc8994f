package io.fastpath.apigen;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The API baseline check: renders the public API of a module's compiled classes ({@link ApiSignature}) and fails
 * when it differs from the committed baseline file, printing the difference:
 * {@code CheckApi <classes folder> <baseline file> <exported package>...}, run by Maven after compiling each
 * published module, with that module's classes and dependencies on the class path. An intended change is
 * accepted by rewriting the baseline: {@code ./mvnw -pl <module> -am process-classes -Dfastpath.api.update=true},
 * and the diff of the baseline file shows the change in review.
 */
public final class CheckApi {
    private CheckApi() {}

    public static void main(String[] arguments) throws ClassNotFoundException {
        if (arguments.length < 3) {
            throw new IllegalArgumentException("usage: CheckApi <classes folder> <baseline file> <exported package>...");
        }
        Path classes = Path.of(arguments[0]);
        Path baseline = Path.of(arguments[1]);
        List<Class<?>> types = new ArrayList<>();
        for (int i = 2; i < arguments.length; i++) {
            types.addAll(load(classes, arguments[i]));
        }
        String current = ApiSignature.render(types);
        if (Boolean.getBoolean("fastpath.api.update")) {
            write(baseline, current);
            return;
        }
        String committed = read(baseline);
        if (!committed.equals(current)) {
            throw new IllegalStateException("The public API differs from its baseline " + baseline + ":\n"
                    + LineDiff.of(committed, current) + "If the change is intended, rewrite the baseline with"
                    + " -Dfastpath.api.update=true and commit it with the change.");
        }
    }

    /** The classes of one package (not its subpackages), nested ones included, through the context class loader. */
    private static List<Class<?>> load(Path classes, String packageName) throws ClassNotFoundException {
        Path folder = classes.resolve(packageName.replace('.', '/'));
        List<Class<?>> types = new ArrayList<>();
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        try (Stream<Path> files = Files.list(folder)) {
            for (Path file : files.filter(f -> f.getFileName().toString().endsWith(".class")).sorted().toList()) {
                String simpleName = file.getFileName().toString().replace(".class", "");
                if (!simpleName.equals("package-info")) {
                    types.add(Class.forName(packageName + "." + simpleName, false, loader));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return types;
    }

    private static String read(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void write(Path file, String text) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
