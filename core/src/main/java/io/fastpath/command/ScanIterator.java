package io.fastpath.command;

import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.function.Function;

/**
 * Iterates over a SCAN-family iteration, fetching the next page only when the current one is exhausted.
 * Each page costs one blocking round trip. The server guarantees that every element present for the whole
 * iteration is returned at least once, but an element may be returned more than once (for example while
 * the hash table is resized): deduplicate if it matters. Not thread-safe.
 */
public final class ScanIterator<T> implements Iterator<T> {
    private final Function<String, ScanPage<T>> fetchPage;
    private String cursor = ScanPage.INITIAL_CURSOR;
    private boolean finished;
    private List<T> page = List.of();
    private int position;

    ScanIterator(Function<String, ScanPage<T>> fetchPage) {
        this.fetchPage = fetchPage;
    }

    @Override
    public boolean hasNext() {
        while (position == page.size()) {
            if (finished) {
                return false;
            }
            ScanPage<T> next = fetchPage.apply(cursor);
            cursor = next.cursor();
            finished = next.isLast();
            page = next.elements();
            position = 0;
        }
        return true;
    }

    @Override
    public T next() {
        if (!hasNext()) {
            throw new NoSuchElementException("the scan is complete");
        }
        return page.get(position++);
    }
}
