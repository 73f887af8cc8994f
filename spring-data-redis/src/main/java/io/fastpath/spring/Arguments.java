package io.fastpath.spring;

/**
 * The argument checks Spring's own drivers (Lettuce's and Jedis's command classes) make before sending, with the same
 * exception: {@link IllegalArgumentException}. Null keys, values and their arrays are caught centrally by
 * {@link Words}; the checks here are for the parameters that never become a word (an {@code Expiration}, a
 * {@code SetOption}, a {@code Range}...) and for Spring's rules beyond null (PFCOUNT needs a key, BITOP NOT one source).
 */
final class Arguments {
    private Arguments() {}

    /** {@code value}, or {@link IllegalArgumentException} "{@code name} must not be null" when it is null. */
    static <T> T notNull(T value, String name) {
        if (value == null) {
            throw new IllegalArgumentException(name + " must not be null");
        }
        return value;
    }

    /** {@code values} when it holds at least one element and no null, as Spring's {@code Assert.notEmpty/noNullElements}. */
    static <T> T[] notEmpty(T[] values, String name) {
        if (values == null || values.length == 0) {
            throw new IllegalArgumentException(name + " must contain at least one element");
        }
        return noNullElements(values, name);
    }

    /** {@code values} when it is not null and holds no null, as Spring's {@code Assert.notNull/noNullElements}. */
    static <T> T[] noNullElements(T[] values, String name) {
        notNull(values, name);
        for (T value : values) {
            notNull(value, "An element of " + name);
        }
        return values;
    }

    /** {@link IllegalArgumentException} with {@code message} unless {@code condition} holds. */
    static void check(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }
}
