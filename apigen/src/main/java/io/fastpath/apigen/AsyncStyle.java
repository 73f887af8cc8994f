package io.fastpath.apigen;

import java.util.List;

/** {@code <Group>AsyncCommands}: each command sent at once, its reply in a {@code CompletableFuture}. */
final class AsyncStyle implements ViewStyle {

    @Override
    public String suffix() {
        return "AsyncCommands";
    }

    @Override
    public String packageName() {
        return "io.fastpath.command";
    }

    @Override
    public List<String> imports() {
        return List.of("java.util.concurrent.CompletableFuture");
    }

    @Override
    public String dispatcher() {
        return "AsyncDispatcher<K, V>";
    }

    @Override
    public String typeJavadoc(CommandGroup group) {
        return "The commands of {@link " + group.builderName() + "}, asynchronously: each method sends what the builder\n"
                + "method of the same name builds and returns its future (see {@link AsyncDispatcher#dispatch} for where it completes).";
    }

    @Override
    public void write(CommandGroup group, CommandMethod method, JavaSource out) {
        String call = "dispatch(commands()." + method.builderName() + "(" + method.arguments() + "))";
        out.line("");
        out.javadoc(1, method.viewJavadoc(), method.declaringBuilder());
        method.annotations().forEach(annotation -> out.line(1, annotation));
        out.line(1, "default " + method.typeParameters() + "CompletableFuture<" + method.resultType() + "> " + method.viewName()
                + "(" + method.parameterDeclarations() + ") {");
        if (method.noScriptFallback() != null) {
            out.line(2, "return " + call + ".exceptionallyCompose(failure ->");
            out.line(4, "ScriptFallback.isNoScript(failure)");
            out.line(6, "? dispatch(commands()." + method.noScriptFallback() + "(" + method.arguments() + "))");
            out.line(6, ": CompletableFuture.failedFuture(ScriptFallback.unwrap(failure)));");
        } else {
            out.line(2, "return " + call + ";");
        }
        out.line(1, "}");
    }
}
