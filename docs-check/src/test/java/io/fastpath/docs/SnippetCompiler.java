package io.fastpath.docs;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.StringWriter;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.FileObject;
import javax.tools.ForwardingJavaFileManager;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileManager;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * Compiles snippet units in memory with javax.tools against this JVM's class path (the docs-check module's test
 * class path: every published module and what they bring), and maps each error back to its Markdown file and line.
 */
final class SnippetCompiler {

    private SnippetCompiler() {}

    /** What one compilation gave: the errors of each unit (by its block), and the classes it made. */
    record Result(Map<SnippetSource, List<String>> errors, Map<String, byte[]> classes) {

        List<String> errorsOf(SnippetSource source) {
            return errors.getOrDefault(source, List.of());
        }

        /** A class loader over the compiled classes, child of this test's, so a runnable snippet finds the client. */
        ClassLoader classLoader() {
            return new ClassLoader(SnippetCompiler.class.getClassLoader()) {
                @Override
                protected Class<?> findClass(String name) throws ClassNotFoundException {
                    byte[] bytes = classes.get(name);
                    if (bytes == null) {
                        throw new ClassNotFoundException(name);
                    }
                    return defineClass(name, bytes, 0, bytes.length);
                }
            };
        }
    }

    /** Compiles every unit in one javac run (fast: the class path is read once); units do not see each other's names. */
    static Result compile(List<SnippetSource> sources) {
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        if (compiler == null) {
            throw new IllegalStateException("no system Java compiler: run the docs check on a JDK, not a JRE");
        }
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        Map<JavaFileObject, SnippetSource> units = new LinkedHashMap<>();
        for (SnippetSource source : sources) {
            units.put(new SourceFile(source), source);
        }
        Map<String, byte[]> classes = new HashMap<>();
        try (StandardJavaFileManager standard = compiler.getStandardFileManager(diagnostics, null, StandardCharsets.UTF_8);
                JavaFileManager inMemory = new ClassesInMemory(standard, classes)) {
            List<String> options = List.of(
                    "-classpath", System.getProperty("java.class.path"), "--release", "17", "-proc:none", "-Xlint:none",
                    "-nowarn", "-encoding", "UTF-8");
            StringWriter output = new StringWriter();
            compiler.getTask(output, inMemory, diagnostics, options, null, units.keySet()).call();
        } catch (IOException e) {
            throw new IllegalStateException("could not close the compiler's file manager", e);
        }
        Map<SnippetSource, List<String>> errors = new LinkedHashMap<>();
        for (Diagnostic<? extends JavaFileObject> diagnostic : diagnostics.getDiagnostics()) {
            if (diagnostic.getKind() != Diagnostic.Kind.ERROR) {
                continue;
            }
            SnippetSource source = units.get(diagnostic.getSource());
            if (source == null) {
                throw new IllegalStateException("javac failed outside any snippet: " + diagnostic.getMessage(null));
            }
            errors.computeIfAbsent(source, ignored -> new ArrayList<>()).add(describe(source, diagnostic));
        }
        return new Result(errors, classes);
    }

    /** {@code docs/pubsub.md:44: cannot find symbol ...}, the line counted in the Markdown file. */
    private static String describe(SnippetSource source, Diagnostic<? extends JavaFileObject> diagnostic) {
        long unitLine = diagnostic.getLineNumber();
        long markdownLine = source.block().line() + unitLine - 1 - source.linesBefore();
        String where = unitLine < 1 || unitLine <= source.linesBefore()
                ? source.block().location() + " (in the wrapper, before the block)"
                : source.block().file() + ":" + markdownLine;
        return where + ": " + diagnostic.getMessage(null);
    }

    /** A unit's text as javac reads it. */
    private static final class SourceFile extends SimpleJavaFileObject {
        private final String text;

        SourceFile(SnippetSource source) {
            super(URI.create("string:///" + source.packageName().replace('.', '/') + "/" + source.typeName() + ".java"),
                    Kind.SOURCE);
            this.text = source.text();
        }

        @Override
        public CharSequence getCharContent(boolean ignoreEncodingErrors) {
            return text;
        }
    }

    /** Keeps the class files javac writes in a map instead of a directory. */
    private static final class ClassesInMemory extends ForwardingJavaFileManager<StandardJavaFileManager> {
        private final Map<String, byte[]> classes;

        ClassesInMemory(StandardJavaFileManager standard, Map<String, byte[]> classes) {
            super(standard);
            this.classes = classes;
        }

        @Override
        public JavaFileObject getJavaFileForOutput(Location location, String className, JavaFileObject.Kind kind, FileObject sibling) {
            return new SimpleJavaFileObject(URI.create("mem:///" + className.replace('.', '/') + kind.extension), kind) {
                @Override
                public OutputStream openOutputStream() {
                    return new ByteArrayOutputStream() {
                        @Override
                        public void close() {
                            classes.put(className, toByteArray());
                        }
                    };
                }
            };
        }
    }
}
