package io.fastpath;

/**
 * An ACL username (null for the {@code default} user) and password, as a {@link CredentialsProvider}
 * hands them out. {@link #toString()} never shows the password.
 */
public record RedisCredentials(String username, String password) {

    /** No AUTH at all: the connection stays with the {@code default} user's "nopass" setting. */
    public static final RedisCredentials NONE = new RedisCredentials(null, null);

    @Override
    public String toString() {
        return "RedisCredentials[username=" + (username == null ? "default" : username)
                + ", password=" + (password == null ? "none" : "****") + "]";
    }
}
