package io.fastpath.internal.protocol;

import io.fastpath.command.Reply;
import io.fastpath.command.Reply.ArrayReply;
import io.fastpath.command.Reply.MapReply;
import io.fastpath.command.Reply.NullReply;
import io.fastpath.command.Reply.PushReply;
import io.fastpath.command.Reply.SetReply;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One aggregate the decoder has opened but not yet filled; the decoder keeps a stack of these instead
 * of recursing, and reuses each frame for every aggregate opened at its depth.
 */
final class AggregateFrame {

    /** Wire counts are untrusted: collections start at most this large and grow as elements arrive. */
    private static final int LARGEST_INITIAL_CAPACITY = 1024;

    private byte type;
    private long remaining;
    private boolean attribute;
    private boolean discarding;
    private List<Reply> elements;
    private Map<Reply, Reply> entries;
    private Reply pendingKey;

    /**
     * Starts collecting {@code elementCount} elements (keys and values counted separately for maps and
     * attributes). A discarding frame keeps nothing: it belongs to an attribute, whose content is dropped.
     */
    void open(byte type, long elementCount, boolean discarding) {
        this.type = type;
        this.remaining = elementCount;
        this.attribute = type == RespType.ATTRIBUTE;
        this.discarding = discarding || attribute;
        this.pendingKey = null;
        this.elements = null;
        this.entries = null;
        if (this.discarding) {
            return;
        }
        if (type == RespType.MAP) {
            int initialPairs = (int) Math.min(elementCount / 2, LARGEST_INITIAL_CAPACITY);
            // Sized so that many pairs fit under the default 0.75 load factor without a rehash.
            entries = new LinkedHashMap<>(initialPairs * 4 / 3 + 1);
        } else {
            elements = new ArrayList<>((int) Math.min(elementCount, LARGEST_INITIAL_CAPACITY));
        }
    }

    boolean discarding() {
        return discarding;
    }

    /** Adds one element and reports whether the aggregate is now complete. */
    boolean add(Reply element) {
        if (!discarding) {
            if (entries != null) {
                if (pendingKey == null) {
                    pendingKey = element;
                } else {
                    entries.put(pendingKey, element);
                    pendingKey = null;
                }
            } else {
                elements.add(element);
            }
        }
        return --remaining == 0;
    }

    /**
     * The finished aggregate, or null for an attribute, which is not an element of its parent. A
     * frame nested in an attribute yields a placeholder so the attribute still counts it.
     */
    Reply build() {
        if (attribute) {
            return null;
        }
        if (discarding) {
            return NullReply.INSTANCE;
        }
        Reply built = switch (type) {
            case RespType.ARRAY -> new ArrayReply(elements);
            case RespType.MAP -> new MapReply(entries);
            case RespType.SET -> new SetReply(elements);
            case RespType.PUSH -> new PushReply(elements);
            default -> throw new IllegalStateException("not an aggregate type: " + (char) type);
        };
        elements = null;
        entries = null;
        return built;
    }
}
