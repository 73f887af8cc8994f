package io.fastpath.apigen;

import java.util.List;

/** {@code <Group>Commands}: each command sent and awaited; a reply that cannot be null comes back as a primitive. */
final class BlockingStyle implements ViewStyle {

    @Override
    public String suffix() {
        return "Commands";
    }

    @Override
    public String packageName() {
        return "io.fastpath.command";
    }

    @Override
    public List<String> imports() {
        return List.of("io.fastpath.RedisServerException");
    }

    @Override
    public String dispatcher() {
        return "SyncDispatcher<K, V>";
    }

    @Override
    public String typeJavadoc(CommandGroup group) {
        return "The commands of {@link " + group.builderName() + "}, blocking: each method sends what the builder method of\n"
                + "the same name builds and waits for its reply (see {@link SyncDispatcher#execute} for the failures).";
    }

    @Override
    public void write(CommandGroup group, CommandMethod method, JavaSource out) {
        String result = unboxed(method);
        String call = "commands()." + method.builderName() + "(" + method.arguments() + ")";
        out.line("");
        out.javadoc(1, method.viewJavadoc(), method.declaringBuilder());
        method.annotations().forEach(annotation -> out.line(1, annotation));
        out.line(1, "default " + method.typeParameters() + result + " " + method.viewName() + "(" + method.parameterDeclarations() + ") {");
        String returning = result.equals("void") ? "" : "return ";
        if (method.noScriptFallback() != null) {
            out.line(2, "try {");
            out.line(3, returning + "execute(" + call + ");");
            out.line(2, "} catch (RedisServerException e) {");
            out.line(3, "if (!ScriptFallback.isNoScript(e)) {");
            out.line(4, "throw e;");
            out.line(3, "}");
            out.line(3, returning + "execute(commands()." + method.noScriptFallback() + "(" + method.arguments() + "));");
            out.line(2, "}");
        } else {
            out.line(2, returning + "execute(" + call + ");");
        }
        out.line(1, "}");
        if (method.isScanPage()) {
            writeIterable(group, method, out);
        }
    }

    private static void writeIterable(CommandGroup group, CommandMethod page, JavaSource out) {
        out.line("");
        out.javadoc(1, " " + page.scanName().toUpperCase(java.util.Locale.ROOT) + " as an {@link Iterable}: each {@code iterator()} starts a new iteration and\n"
                + " fetches pages lazily, one blocking round trip per page (each built by {@link " + group.builderName() + "#"
                + page.builderName() + "}).\n An element may be returned more than once; see {@link ScanIterator}.", group.builderName());
        out.line(1, "default Iterable<" + page.scanElementType() + "> " + page.scanName() + "(" + page.scanParameterDeclarations() + ") {");
        out.line(2, "return () -> new ScanIterator<>(cursor -> execute(commands()." + page.builderName() + "(" + page.arguments() + ")));");
        out.line(1, "}");
    }

    /** The blocking result: {@code long}, {@code boolean}, {@code double} or {@code void} where no null can come back. */
    static String unboxed(CommandMethod method) {
        if (method.nullableReply()) {
            return method.resultType();
        }
        return switch (method.resultType()) {
            case "Long" -> "long";
            case "Boolean" -> "boolean";
            case "Double" -> "double";
            case "Void" -> "void";
            default -> method.resultType();
        };
    }
}
