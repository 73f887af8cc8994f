package io.fastpath.command;

import java.util.List;

/**
 * One page of a SCAN, HSCAN, SSCAN or ZSCAN: the cursor to pass to the next call and this page's elements.
 * A page may be empty while the iteration is not finished; only the cursor {@code "0"} ends it.
 *
 * @param cursor the cursor for the next page, {@code "0"} when the iteration is complete
 */
public record ScanPage<T>(String cursor, List<T> elements) {

    /** The cursor that starts an iteration. */
    public static final String INITIAL_CURSOR = "0";

    /** Whether this is the last page of the iteration. */
    public boolean isLast() {
        return INITIAL_CURSOR.equals(cursor);
    }
}
