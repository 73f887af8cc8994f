package io.fastpath.apigen;

import com.sun.source.tree.AnnotationTree;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.ImportTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.ParameterizedTypeTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.DocTrees;
import com.sun.source.util.JavacTask;
import com.sun.source.util.TreePath;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.lang.model.element.Modifier;
import javax.tools.JavaCompiler;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * Reads the command groups from the {@code *CommandBuilder.java} sources with the JDK's own parser (syntax only:
 * nothing is compiled, so the builders' dependencies need not be on any path). {@code CommandBuilder.java}'s
 * {@code implements} list names the groups and their order; a method of a builder without views
 * ({@code GenericCommandBuilder}) joins the group its {@code @Views.InView} names.
 */
final class BuilderSources {
    private static final String INTERNAL_PACKAGE = "io.fastpath.internal.";
    private static final Pattern GROUP_BUILDER = Pattern.compile("(\\w+)CommandBuilder<K, V>");
    private static final Pattern NAMED_ARGUMENT = Pattern.compile("(\\w+)\\s*=\\s*\"([^\"]*)\"");

    private BuilderSources() {}

    /** The groups of the builders in {@code directory} (the {@code io/fastpath/command} source folder). */
    static List<CommandGroup> read(Path directory) {
        Map<String, ClassSource> builders = parse(directory);
        ClassSource index = builders.get("CommandBuilder");
        if (index == null) {
            throw new IllegalArgumentException("no CommandBuilder.java in " + directory);
        }
        Map<String, List<CommandMethod>> joining = new LinkedHashMap<>();
        // a joining method's signature and Javadoc name the types its own builder imports
        Map<String, List<String>> joiningImports = new LinkedHashMap<>();
        for (ClassSource source : builders.values()) {
            for (Map.Entry<String, CommandMethod> carried : source.carriedIntoGroups()) {
                joining.computeIfAbsent(carried.getKey(), group -> new ArrayList<>()).add(carried.getValue());
                joiningImports.computeIfAbsent(carried.getKey(), group -> new ArrayList<>()).addAll(source.imports());
            }
        }
        List<CommandGroup> groups = new ArrayList<>();
        for (String group : groupsOf(index.type)) {
            ClassSource builder = builders.get(group + "CommandBuilder");
            if (builder == null) {
                throw new IllegalArgumentException("CommandBuilder implements " + group + "CommandBuilder, whose source is missing");
            }
            List<CommandMethod> methods = new ArrayList<>(builder.commandMethods());
            methods.addAll(joining.getOrDefault(group, List.of()));
            List<String> imports = new ArrayList<>(builder.imports());
            joiningImports.getOrDefault(group, List.of()).stream().filter(name -> !imports.contains(name)).forEach(imports::add);
            groups.add(new CommandGroup(group, builder.type.getSimpleName().toString(), imports, methods));
        }
        return groups;
    }

    private static List<String> groupsOf(ClassTree index) {
        List<String> groups = new ArrayList<>();
        for (Tree implemented : index.getImplementsClause()) {
            Matcher matcher = GROUP_BUILDER.matcher(implemented.toString());
            if (matcher.matches()) {
                groups.add(matcher.group(1));
            }
        }
        return groups;
    }

    private static Map<String, ClassSource> parse(Path directory) {
        List<Path> files;
        try (Stream<Path> listing = Files.list(directory)) {
            files = listing.filter(file -> file.getFileName().toString().endsWith("CommandBuilder.java")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        try (StandardJavaFileManager files1 = compiler.getStandardFileManager(null, null, StandardCharsets.UTF_8)) {
            JavacTask task = (JavacTask) compiler.getTask(null, files1, null, List.of("-proc:none"), null,
                    files1.getJavaFileObjectsFromPaths(files));
            DocTrees docs = DocTrees.instance(task);
            Map<String, ClassSource> sources = new LinkedHashMap<>();
            for (CompilationUnitTree unit : task.parse()) {
                for (Tree declaration : unit.getTypeDecls()) {
                    if (declaration instanceof ClassTree type) {
                        sources.put(type.getSimpleName().toString(), new ClassSource(unit, type, docs));
                    }
                }
            }
            return sources;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One parsed builder file. */
    private record ClassSource(CompilationUnitTree unit, ClassTree type, DocTrees docs) {

        List<String> imports() {
            List<String> imports = new ArrayList<>();
            for (ImportTree imported : unit.getImports()) {
                String name = imported.getQualifiedIdentifier().toString();
                if (!imported.isStatic() && !name.startsWith(INTERNAL_PACKAGE)) {
                    imports.add(name);
                }
            }
            return imports;
        }

        /** The public default methods building a {@code Command<T>}, except those marked builder-only or carried elsewhere. */
        List<CommandMethod> commandMethods() {
            List<CommandMethod> methods = new ArrayList<>();
            for (MethodTree method : defaultCommandMethods()) {
                Map<String, String> hints = hints(method);
                if (!hints.containsKey("BuilderOnly") && !hints.containsKey("InView")) {
                    methods.add(describe(method, method.getName().toString(), hints));
                }
            }
            return methods;
        }

        /** Methods marked {@code @Views.InView(group, name)}, keyed by their group. */
        List<Map.Entry<String, CommandMethod>> carriedIntoGroups() {
            List<Map.Entry<String, CommandMethod>> carried = new ArrayList<>();
            for (MethodTree method : defaultCommandMethods()) {
                Map<String, String> hints = hints(method);
                if (hints.containsKey("InView")) {
                    Map<String, String> target = namedArguments(hints.get("InView"));
                    carried.add(Map.entry(target.get("group"), describe(method, target.get("name"), hints)));
                }
            }
            return carried;
        }

        private List<MethodTree> defaultCommandMethods() {
            List<MethodTree> methods = new ArrayList<>();
            for (Tree member : type.getMembers()) {
                if (member instanceof MethodTree method && method.getModifiers().getFlags().contains(Modifier.DEFAULT)
                        && method.getReturnType() instanceof ParameterizedTypeTree returned
                        && returned.getType().toString().equals("Command")) {
                    methods.add(method);
                }
            }
            return methods;
        }

        private CommandMethod describe(MethodTree method, String viewName, Map<String, String> hints) {
            ParameterizedTypeTree returned = (ParameterizedTypeTree) method.getReturnType();
            List<CommandMethod.Parameter> parameters = new ArrayList<>();
            for (VariableTree parameter : method.getParameters()) {
                String name = parameter.getName().toString();
                boolean varargs = parameter.toString().endsWith("... " + name);
                parameters.add(new CommandMethod.Parameter(parameter.getType().toString(), name, varargs));
            }
            String typeParameters = method.getTypeParameters().isEmpty() ? ""
                    : method.getTypeParameters().stream().map(Tree::toString).collect(Collectors.joining(", ", "<", "> "));
            List<String> repeated = new ArrayList<>();
            for (AnnotationTree annotation : method.getModifiers().getAnnotations()) {
                if (annotation.getAnnotationType().toString().equals("SuppressWarnings")) {
                    repeated.add(annotation.toString());
                }
            }
            String fallback = hints.get("OnNoScript");
            return new CommandMethod(type.getSimpleName().toString(), method.getName().toString(), viewName, typeParameters, parameters,
                    returned.getTypeArguments().get(0).toString(), docs.getDocComment(TreePath.getPath(unit, method)),
                    repeated, hints.containsKey("NullableReply"), fallback == null ? null : unquote(fallback));
        }

        /** {@code @Views.X(arguments)} annotations as X -> their argument text. */
        private static Map<String, String> hints(MethodTree method) {
            Map<String, String> hints = new LinkedHashMap<>();
            for (AnnotationTree annotation : method.getModifiers().getAnnotations()) {
                String name = annotation.getAnnotationType().toString();
                if (name.startsWith("Views.")) {
                    hints.put(name.substring("Views.".length()),
                            annotation.getArguments().stream().map(Tree::toString).collect(Collectors.joining(", ")));
                }
            }
            return hints;
        }

        private static Map<String, String> namedArguments(String arguments) {
            Map<String, String> named = new LinkedHashMap<>();
            Matcher matcher = NAMED_ARGUMENT.matcher(arguments);
            while (matcher.find()) {
                named.put(matcher.group(1), matcher.group(2));
            }
            return named;
        }

        private static String unquote(String argument) {
            String text = argument.startsWith("value = ") ? argument.substring("value = ".length()) : argument;
            return text.substring(1, text.length() - 1);
        }
    }
}
