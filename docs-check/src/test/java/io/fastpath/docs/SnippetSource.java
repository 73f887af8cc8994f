package io.fastpath.docs;

import io.fastpath.docs.SnippetOptions.Context;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A {@link JavaBlock} made into a compilation unit: fragments are wrapped in a class with the standard imports and
 * the variables of docs/README.md's convention, and every unit gets a package of its own so two blocks may declare
 * the same class name.
 *
 * @param block the block it was made from
 * @param packageName the unit's package
 * @param typeName the unit's file name: its public type, or {@code Snippet} for a wrapped fragment
 * @param text the whole unit
 * @param linesBefore lines of the unit before the block's first line (what a diagnostic's line number is reduced by)
 * @param context the context the block was compiled in (after {@link Context#AUTO} was decided)
 */
record SnippetSource(JavaBlock block, String packageName, String typeName, String text, int linesBefore, Context context) {

    /** The class a fragment is wrapped in, which holds the variables and (for statements) {@code run()}. */
    static final String WRAPPER = "Snippet";

    /** What every wrapped block may use without importing it (docs/README.md lists the same). */
    static final List<String> IMPORTS = List.of(
            "io.fastpath.*",
            "io.fastpath.command.*",
            "io.fastpath.reactor.*",
            "io.fastpath.vertx.*",
            "io.fastpath.micrometer.*",
            "io.fastpath.opentelemetry.*",
            "io.fastpath.spring.*",
            "java.nio.file.*",
            "java.time.*",
            "java.util.*",
            "java.util.concurrent.*",
            "java.util.function.*",
            "reactor.core.publisher.Flux",
            "reactor.core.publisher.Mono",
            "io.vertx.core.AbstractVerticle",
            "io.vertx.core.Future", // wins over java.util.concurrent.Future: a single-type import shadows a wildcard
            "io.vertx.core.Promise",
            "io.vertx.core.Vertx",
            "io.micrometer.core.instrument.MeterRegistry",
            "io.micrometer.observation.ObservationRegistry",
            "io.opentelemetry.api.OpenTelemetry",
            "org.springframework.context.annotation.Bean",
            "org.springframework.context.annotation.Configuration",
            "org.springframework.data.redis.connection.RedisConnectionFactory",
            "org.springframework.data.redis.connection.RedisSentinelConfiguration",
            "org.springframework.data.redis.core.RedisTemplate",
            "org.springframework.data.redis.core.StringRedisTemplate");

    /** The wrapper's variables: {@code redis} is a connected client when a block runs; the others are for compiling. */
    static final List<String> VARIABLES = List.of(
            "RedisClient redis",
            "MeterRegistry meterRegistry",
            "ObservationRegistry observationRegistry",
            "OpenTelemetry openTelemetry",
            "Vertx vertx");

    private static final Pattern PUBLIC_TYPE =
            Pattern.compile("(?m)^public\\s+(?:final\\s+|abstract\\s+)*(?:class|record|interface|enum)\\s+(\\w+)");
    private static final Pattern TYPE_DECLARATION =
            Pattern.compile("(?m)^(?:public\\s+|final\\s+|abstract\\s+)*(?:class|record|interface|enum)\\s+\\w+");

    static SnippetSource of(JavaBlock block, int number) {
        String packageName = "docs.snippets.s" + number;
        Context context = block.options().context() == Context.AUTO ? contextOf(block.code()) : block.options().context();
        String code = block.code();
        return switch (context) {
            case UNIT -> unit(block, packageName, code);
            case TYPES -> wrapped(block, packageName, publicTypeOr(code, WRAPPER), prelude(packageName), code, "", context);
            case MEMBERS -> wrapped(block, packageName, WRAPPER, prelude(packageName) + classHead(), code, "}\n", context);
            case CLIENT -> wrapped(block, packageName, WRAPPER,
                    prelude(packageName) + classHead() + "    public void run() throws Exception {\n", code, "    }\n}\n", context);
            case AUTO -> throw new IllegalStateException("decided above");
        };
    }

    /** The context a block without a snippet comment is compiled in, from its shape. */
    static Context contextOf(String code) {
        String first = firstSignificantLine(code);
        if (first.startsWith("package ") || first.startsWith("import ")) {
            return Context.UNIT;
        }
        if (TYPE_DECLARATION.matcher(code).find()) {
            return Context.TYPES;
        }
        return first.startsWith("@") ? Context.MEMBERS : Context.CLIENT;
    }

    /** Whether running this unit means calling {@code main(String[])} (a whole program) rather than {@code run()}. */
    boolean hasMain() {
        return block.code().contains("static void main(");
    }

    String qualifiedTypeName() {
        return packageName + "." + typeName;
    }

    private static SnippetSource unit(JavaBlock block, String packageName, String code) {
        Matcher ownPackage = Pattern.compile("(?m)^package\\s+([\\w.]+)\\s*;").matcher(code);
        if (ownPackage.find()) {
            return new SnippetSource(block, ownPackage.group(1), publicTypeOr(code, WRAPPER), code, 0, Context.UNIT);
        }
        // The package goes on the block's first line, so the unit's lines stay the block's lines
        String text = "package " + packageName + "; " + code;
        return new SnippetSource(block, packageName, publicTypeOr(code, WRAPPER), text, 0, Context.UNIT);
    }

    private static SnippetSource wrapped(
            JavaBlock block, String packageName, String typeName, String head, String code, String tail, Context context) {
        int linesBefore = (int) head.chars().filter(c -> c == '\n').count();
        return new SnippetSource(block, packageName, typeName, head + code + tail, linesBefore, context);
    }

    private static String prelude(String packageName) {
        StringBuilder prelude = new StringBuilder("package ").append(packageName).append(";\n");
        for (String imported : IMPORTS) {
            prelude.append("import ").append(imported).append(";\n");
        }
        return prelude.toString();
    }

    private static String classHead() {
        StringBuilder head = new StringBuilder("@SuppressWarnings(\"all\")\npublic class ").append(WRAPPER).append(" {\n");
        for (String variable : VARIABLES) {
            head.append("    public ").append(variable).append(";\n");
        }
        return head.toString();
    }

    private static String publicTypeOr(String code, String fallback) {
        Matcher matcher = PUBLIC_TYPE.matcher(code);
        return matcher.find() ? matcher.group(1) : fallback;
    }

    private static String firstSignificantLine(String code) {
        boolean inComment = false;
        for (String line : code.split("\n")) {
            String trimmed = line.strip();
            if (inComment) {
                inComment = !trimmed.contains("*/");
                continue;
            }
            if (trimmed.isEmpty() || trimmed.startsWith("//")) {
                continue;
            }
            if (trimmed.startsWith("/*")) {
                inComment = !trimmed.contains("*/");
                continue;
            }
            return trimmed;
        }
        return "";
    }
}
