package io.fastpath.testkit;

/**
 * Thrown when the test kit cannot start, reach or reshape a server it manages.
 *
 * <p>Messages carry what was awaited and, where a process was involved, the tail of its log, so a
 * failing integration test explains itself without digging through temporary directories.
 */
public class RedisTestkitException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public RedisTestkitException(String message) {
        super(message);
    }

    public RedisTestkitException(String message, Throwable cause) {
        super(message, cause);
    }
}
