package io.fastpath.command;

import io.fastpath.RedisArgumentException;
import io.fastpath.internal.command.ArgumentList;
import io.fastpath.internal.command.CommandArguments;

/** Options of XADD: the entry ID (default {@code *}, server-generated), NOMKSTREAM and trimming. Immutable. */
public final class XAddArgs {
    private static final XAddArgs NONE = new XAddArgs("*", false, null);

    private final String id;
    private final boolean noMakeStream;
    private final StreamTrim trim;

    private XAddArgs(String id, boolean noMakeStream, StreamTrim trim) {
        this.id = id;
        this.noMakeStream = noMakeStream;
        this.trim = trim;
    }

    /** A server-generated ID, no trimming; the stream is created when missing. */
    public static XAddArgs none() {
        return NONE;
    }

    /** An explicit ID ({@code ms-seq}, or {@code ms-*} for a server-chosen sequence). */
    public XAddArgs id(String entryId) {
        if (entryId == null || entryId.isEmpty()) {
            throw new RedisArgumentException("XADD: the ID must not be empty");
        }
        return new XAddArgs(entryId, noMakeStream, trim);
    }

    /** NOMKSTREAM: do nothing (and answer null) when the stream does not exist. */
    public XAddArgs noMakeStream() {
        return new XAddArgs(id, true, trim);
    }

    /** Trim the stream as the entry is added. */
    public XAddArgs trim(StreamTrim trimming) {
        return new XAddArgs(id, noMakeStream, CommandArguments.requireNotNull("XADD", "the trimming", trimming));
    }

    void appendTo(ArgumentList arguments) {
        if (noMakeStream) {
            arguments.keyword("NOMKSTREAM");
        }
        if (trim != null) {
            trim.appendTo(arguments);
        }
        arguments.add(id);
    }
}
