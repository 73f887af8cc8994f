package io.fastpath.spring;

import io.fastpath.command.Reply;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.springframework.data.redis.core.Cursor.CursorId;
import org.springframework.data.redis.core.ScanCursor;
import org.springframework.data.redis.core.ScanIteration;
import org.springframework.data.redis.core.ScanOptions;

/**
 * Spring's {@link ScanCursor} over SCAN, HSCAN, SSCAN and ZSCAN replies ({@code [cursor, elements]}). The cursor is
 * kept as the server's (or, on a cluster, Fastpath's) text, never parsed as a number.
 */
final class ReplyScanCursor<T> extends ScanCursor<T> {
    private final BiFunction<String, ScanOptions, Reply> page;
    private final Function<Reply, List<T>> elements;

    ReplyScanCursor(ScanOptions options, BiFunction<String, ScanOptions, Reply> page, Function<Reply, List<T>> elements) {
        super(options == null ? ScanOptions.NONE : options);
        this.page = page;
        this.elements = elements;
    }

    @Override
    protected ScanIteration<T> doScan(CursorId cursorId, ScanOptions options) {
        Reply reply = page.apply(cursorId.getCursorId(), options);
        List<Reply> parts = Replies.elements(reply);
        return new ScanIteration<>(CursorId.of(Replies.toText(parts.get(0))), elements.apply(parts.get(1)));
    }

    /** MATCH and COUNT. */
    static Object[] scanWords(ScanOptions options) {
        Words words = new Words();
        if (options.getBytePattern() != null) {
            words.add("MATCH", options.getBytePattern());
        }
        if (options.getCount() != null) {
            words.add("COUNT", options.getCount());
        }
        return words.toArray();
    }
}
