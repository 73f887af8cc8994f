package io.fastpath;

/** The server answered with an error reply; {@link #code()} is its first word (WRONGTYPE, MOVED, NOSCRIPT...). */
public class RedisServerException extends RedisException {
    private static final long serialVersionUID = 1L;
    private final String code;

    public RedisServerException(String serverMessage) {
        super(serverMessage);
        int space = serverMessage.indexOf(' ');
        this.code = space < 0 ? serverMessage : serverMessage.substring(0, space);
    }

    /** The error code the server put first, e.g. {@code ERR}, {@code WRONGTYPE}, {@code MOVED}. */
    public String code() {
        return code;
    }
}
