package io.fastpath.internal.cache;

import io.fastpath.command.Reply;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Deep copies and size estimates of replies. A cached reply is copied before it is converted for a
 * caller, since the binary API hands out the reply's own byte arrays and a caller may change them.
 */
final class ReplyCopies {
    private ReplyCopies() {}

    static Reply copy(Reply reply) {
        if (reply instanceof Reply.BulkStringReply bulk) {
            return new Reply.BulkStringReply(bulk.value().clone());
        }
        if (reply instanceof Reply.ArrayReply array) {
            return new Reply.ArrayReply(copyAll(array.elements()));
        }
        if (reply instanceof Reply.SetReply set) {
            return new Reply.SetReply(copyAll(set.elements()));
        }
        if (reply instanceof Reply.MapReply map) {
            Map<Reply, Reply> copied = new LinkedHashMap<>();
            for (Map.Entry<Reply, Reply> entry : map.entries().entrySet()) {
                copied.put(copy(entry.getKey()), copy(entry.getValue()));
            }
            return new Reply.MapReply(copied);
        }
        return reply; // the other kinds hold no mutable state
    }

    private static List<Reply> copyAll(List<Reply> elements) {
        List<Reply> copied = new ArrayList<>(elements.size());
        for (Reply element : elements) {
            copied.add(copy(element));
        }
        return copied;
    }

    /** Roughly the heap a reply holds: payload bytes plus a fixed cost per object. */
    static long sizeOf(Reply reply) {
        if (reply instanceof Reply.BulkStringReply bulk) {
            return 32 + bulk.value().length;
        }
        if (reply instanceof Reply.ArrayReply array) {
            return 32 + sizeOfAll(array.elements());
        }
        if (reply instanceof Reply.SetReply set) {
            return 32 + sizeOfAll(set.elements());
        }
        if (reply instanceof Reply.MapReply map) {
            long size = 48;
            for (Map.Entry<Reply, Reply> entry : map.entries().entrySet()) {
                size += 32 + sizeOf(entry.getKey()) + sizeOf(entry.getValue());
            }
            return size;
        }
        if (reply instanceof Reply.SimpleStringReply simple) {
            return 48 + simple.value().length() * 2L;
        }
        return 24;
    }

    private static long sizeOfAll(List<Reply> elements) {
        long size = 0;
        for (Reply element : elements) {
            size += 8 + sizeOf(element);
        }
        return size;
    }
}
