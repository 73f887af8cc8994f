package io.fastpath.apigen;

import java.util.List;

/** One kind of view (blocking, async, reactive, Vert.x): how a group's interface and each of its methods read. */
interface ViewStyle {

    /** The interface name's suffix: {@code Commands}, {@code AsyncCommands}... */
    String suffix();

    /** The package the views are written to. */
    String packageName();

    /** Imports every view of this style needs besides the builder's own. */
    List<String> imports();

    /** The interface every view of this style extends, e.g. {@code SyncDispatcher<K, V>}. */
    String dispatcher();

    /** The interface's doc comment text. */
    String typeJavadoc(CommandGroup group);

    /** Writes the view method(s) for one builder method. */
    void write(CommandGroup group, CommandMethod method, JavaSource out);

    /** The styles by their command-line names. */
    static ViewStyle named(String name) {
        return switch (name) {
            case "blocking" -> new BlockingStyle();
            case "async" -> new AsyncStyle();
            case "reactor" -> new ReactorStyle();
            case "vertx" -> new VertxStyle();
            default -> throw new IllegalArgumentException("unknown view style " + name + ": blocking, async, reactor or vertx");
        };
    }
}
