package io.fastpath.internal.connection;

import io.fastpath.RedisServerException;

/**
 * The server's NOAUTH and WRONGPASS refusals of a handshake, with the client option that fixes them appended; the
 * server's code stays first, so {@link RedisServerException#code()} is still NOAUTH or WRONGPASS. No secret is quoted.
 */
final class AuthenticationHint {
    private AuthenticationHint() {}

    static Throwable withHint(Throwable failure, Credentials credentials) {
        if (!(failure instanceof RedisServerException refusal)) {
            return failure;
        }
        String hint = switch (refusal.code()) {
            case "NOAUTH" -> credentials.hasPassword()
                    ? "the server still asks for authentication: check that the password belongs to this server"
                    : "the server requires a password (requirepass or ACL) and none is configured: give it with "
                    + "RedisClientBuilder.credentials(user, password) (user null for the default user) or in the URI's "
                    + "user-info, redis://user:password@host or redis://:password@host";
            case "WRONGPASS" -> "the user name or password was refused, or the user is disabled: check "
                    + "RedisClientBuilder.credentials(user, password) or the URI's user-info redis://user:password@host "
                    + "(percent-encode @ : / % in the password)";
            default -> null;
        };
        if (hint == null) {
            return failure;
        }
        RedisServerException hinted = new RedisServerException(refusal.getMessage() + ". Hint: " + hint);
        hinted.setStackTrace(refusal.getStackTrace());
        return hinted;
    }
}
