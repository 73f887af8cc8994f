package io.fastpath.internal.connection;

/**
 * A username (null for the default user) and password for AUTH / HELLO AUTH. The password never
 * appears in {@link #toString()}, logs or exception messages.
 */
public record Credentials(String username, String password) {

    public static final Credentials NONE = new Credentials(null, null);

    public boolean hasPassword() {
        return password != null;
    }

    @Override
    public String toString() {
        return "Credentials[username=" + (username == null ? "default" : username)
                + ", password=" + (password == null ? "none" : "****") + "]";
    }
}
