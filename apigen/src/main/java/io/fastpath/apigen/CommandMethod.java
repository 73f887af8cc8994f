package io.fastpath.apigen;

import java.util.List;
import java.util.stream.Collectors;

/**
 * One builder method as declared: {@code default Command<T> name(params)}, with what the views need to know
 * about it. Types are kept as source text (e.g. {@code List<StreamOffset<K>>}), so a view repeats the
 * builder's signature exactly.
 *
 * @param declaringBuilder the builder interface declaring it, which doc comment references resolve against
 * @param builderName the builder method the views call ({@code command} for the view method {@code send})
 * @param viewName the view method's name
 * @param resultType the {@code T} of {@code Command<T>}
 * @param javadoc the builder method's doc comment text, or null
 * @param annotations annotations the views repeat ({@code @SuppressWarnings("unchecked")} on generic varargs)
 * @param nullableReply the reply may be null, so the blocking view keeps a boxed result
 * @param noScriptFallback the builder method the views send instead when the server answers NOSCRIPT, or null
 */
record CommandMethod(String declaringBuilder, String builderName, String viewName, String typeParameters, List<Parameter> parameters,
                     String resultType, String javadoc, List<String> annotations, boolean nullableReply,
                     String noScriptFallback) {

    /** The doc comment of a view method: the builder's, or for a NOSCRIPT fallback what the view does. */
    String viewJavadoc() {
        if (noScriptFallback == null) {
            return javadoc;
        }
        return " Sends what {@link #" + builderName + "} builds and, when the server answers {@code NOSCRIPT} (never loaded,\n"
                + " or flushed since), what {@link #" + noScriptFallback + "} builds instead, which also loads it for next time.";
    }

    /** A parameter as declared; {@code varargs} when it is the trailing {@code T...}. */
    record Parameter(String type, String name, boolean varargs) {
        String declaration() {
            return (varargs ? type.substring(0, type.length() - 2) + "..." : type) + " " + name;
        }
    }

    /** The parameter list as declared, e.g. {@code K key, V value}. */
    String parameterDeclarations() {
        return parameters.stream().map(Parameter::declaration).collect(Collectors.joining(", "));
    }

    /** The arguments passed on to the builder, e.g. {@code key, value}. */
    String arguments() {
        return parameters.stream().map(Parameter::name).collect(Collectors.joining(", "));
    }

    /** A SCAN-family page method: {@code xPage(..., String cursor, ...)} building {@code Command<ScanPage<T>>}. */
    boolean isScanPage() {
        return viewName.endsWith("Page") && resultType.startsWith("ScanPage<")
                && parameters.stream().anyMatch(p -> p.name().equals("cursor") && p.type().equals("String"));
    }

    /** For a page method: the element type {@code T} of {@code ScanPage<T>}. */
    String scanElementType() {
        return resultType.substring("ScanPage<".length(), resultType.length() - 1);
    }

    /** For a page method: the iterating method's name ({@code scan} for {@code scanPage}). */
    String scanName() {
        return viewName.substring(0, viewName.length() - "Page".length());
    }

    /** For a page method: its parameters without the cursor, which the iteration supplies. */
    String scanParameterDeclarations() {
        return parameters.stream().filter(p -> !p.name().equals("cursor")).map(Parameter::declaration)
                .collect(Collectors.joining(", "));
    }
}
