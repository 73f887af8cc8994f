package io.fastpath.apigen;

import java.util.List;

/**
 * {@code <Group>ReactiveCommands} (fastpath-reactor): each command a {@code Mono} that builds and sends it on
 * subscription; SCAN families also as a {@code Flux} that fetches a page only when asked for more.
 */
final class ReactorStyle implements ViewStyle {

    @Override
    public String suffix() {
        return "ReactiveCommands";
    }

    @Override
    public String packageName() {
        return "io.fastpath.reactor";
    }

    @Override
    public List<String> imports() {
        return List.of("io.fastpath.*", "io.fastpath.command.*", "reactor.core.publisher.Flux", "reactor.core.publisher.Mono");
    }

    @Override
    public String dispatcher() {
        return "ReactiveDispatcher<K, V>";
    }

    @Override
    public String typeJavadoc(CommandGroup group) {
        return "The commands of {@link " + group.builderName() + "} as {@link Mono}s: each method's {@code Mono} builds what\n"
                + "the builder method of the same name builds and sends it when subscribed (see {@link ReactiveDispatcher#execute}).";
    }

    @Override
    public void write(CommandGroup group, CommandMethod method, JavaSource out) {
        out.line("");
        out.javadoc(1, method.viewJavadoc(), method.declaringBuilder());
        method.annotations().forEach(annotation -> out.line(1, annotation));
        out.line(1, "default " + method.typeParameters() + "Mono<" + method.resultType() + "> " + method.viewName()
                + "(" + method.parameterDeclarations() + ") {");
        String sent = "Mono.defer(() -> execute(commands()." + method.builderName() + "(" + method.arguments() + ")))";
        if (method.noScriptFallback() != null) {
            out.line(2, "return " + sent);
            out.line(4, ".onErrorResume(failure -> failure instanceof RedisServerException server && \"NOSCRIPT\".equals(server.code()),");
            out.line(6, "failure -> Mono.defer(() -> execute(commands()." + method.noScriptFallback() + "(" + method.arguments() + "))));");
        } else {
            out.line(2, "return " + sent + ";");
        }
        out.line(1, "}");
        if (method.isScanPage()) {
            out.line("");
            out.javadoc(1, " " + method.scanName().toUpperCase(java.util.Locale.ROOT) + " as a {@link Flux}: a page (built by {@link "
                    + group.builderName() + "#" + method.builderName() + "}) is fetched\n only when every element of the previous one"
                    + " was requested, so at most one page is held.\n An element may be emitted more than once, as the server"
                    + " allows for a SCAN-family iteration.", group.builderName());
            out.line(1, "default Flux<" + method.scanElementType() + "> " + method.scanName() + "(" + method.scanParameterDeclarations() + ") {");
            out.line(2, "return scanPages(cursor -> commands()." + method.builderName() + "(" + method.arguments() + "));");
            out.line(1, "}");
        }
    }
}
