package io.fastpath.internal.views;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Hints for fastpath-apigen, which generates every command view (blocking, async, reactive, Vert.x) from the
 * {@code <Group>CommandBuilder} methods. Source retention: they never reach a class file or the public API.
 */
public final class Views {
    private Views() {}

    /** The reply may be null (a missing member, an absent key): the blocking view keeps the boxed type. */
    @Retention(RetentionPolicy.SOURCE)
    @Target(ElementType.METHOD)
    public @interface NullableReply {}

    /** A building block of another command's views (e.g. a fallback): no view method of its own. */
    @Retention(RetentionPolicy.SOURCE)
    @Target(ElementType.METHOD)
    public @interface BuilderOnly {}

    /**
     * When the server answers {@code NOSCRIPT}, the views send the command the named builder method builds (with
     * the same arguments) instead: EVALSHA falling back to EVAL, which also loads the script.
     */
    @Retention(RetentionPolicy.SOURCE)
    @Target(ElementType.METHOD)
    public @interface OnNoScript {
        String value();
    }

    /** A method of a builder without views of its own ({@code GenericCommandBuilder}) that a group's views carry. */
    @Retention(RetentionPolicy.SOURCE)
    @Target(ElementType.METHOD)
    public @interface InView {
        /** The group, e.g. {@code Server} for {@code ServerCommands}. */
        String group();

        /** The view method's name. */
        String name();
    }
}
