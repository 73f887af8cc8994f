package io.fastpath.apigen;

import java.util.List;

/** {@code <Group>VertxCommands} (fastpath-vertx): each command sent at once, its reply in a Vert.x {@code Future}. */
final class VertxStyle implements ViewStyle {

    @Override
    public String suffix() {
        return "VertxCommands";
    }

    @Override
    public String packageName() {
        return "io.fastpath.vertx";
    }

    @Override
    public List<String> imports() {
        return List.of("io.fastpath.*", "io.fastpath.command.*", "io.vertx.core.Future");
    }

    @Override
    public String dispatcher() {
        return "VertxDispatcher<K, V>";
    }

    @Override
    public String typeJavadoc(CommandGroup group) {
        return "The commands of {@link " + group.builderName() + "} as Vert.x {@link Future}s: each method sends what the\n"
                + "builder method of the same name builds (see {@link VertxDispatcher#execute} for the context its future completes on).";
    }

    @Override
    public void write(CommandGroup group, CommandMethod method, JavaSource out) {
        String sent = "execute(commands()." + method.builderName() + "(" + method.arguments() + "))";
        out.line("");
        out.javadoc(1, method.viewJavadoc(), method.declaringBuilder());
        method.annotations().forEach(annotation -> out.line(1, annotation));
        out.line(1, "default " + method.typeParameters() + "Future<" + method.resultType() + "> " + method.viewName()
                + "(" + method.parameterDeclarations() + ") {");
        if (method.noScriptFallback() != null) {
            out.line(2, "return " + sent + ".recover(failure ->");
            out.line(4, "failure instanceof RedisServerException server && \"NOSCRIPT\".equals(server.code())");
            out.line(6, "? execute(commands()." + method.noScriptFallback() + "(" + method.arguments() + "))");
            out.line(6, ": Future.failedFuture(failure));");
        } else {
            out.line(2, "return " + sent + ";");
        }
        out.line(1, "}");
    }
}
