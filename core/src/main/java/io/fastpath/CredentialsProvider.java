package io.fastpath;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

/**
 * Where the client gets its username and password: asked again on every connect and reconnect, so a
 * rotated secret applies from the next reconnect on (after {@code ACL SETUSER}, kill the old
 * connections or let them drop). A failed AUTH (WRONGPASS) closes the connection and retries with the
 * reconnect backoff, asking the provider again each time.
 *
 * <p>{@link #credentials()} runs on an I/O thread and must not block: return a completed stage for a
 * secret already in memory, or an incomplete one that your own thread completes (a vault lookup, a
 * token refresh). A stage not completed within the connect timeout fails that connect attempt.
 */
@FunctionalInterface
public interface CredentialsProvider {

    /** The credentials for the next handshake; a null value means no AUTH. */
    CompletionStage<RedisCredentials> credentials();

    /** Always the same username (null for {@code default}) and password. */
    static CredentialsProvider fixed(String username, String password) {
        CompletableFuture<RedisCredentials> same = CompletableFuture.completedFuture(new RedisCredentials(username, password));
        return () -> same;
    }

    /** A supplier asked on every connect; it runs on an I/O thread, so it must return at once. */
    static CredentialsProvider fromSupplier(Supplier<RedisCredentials> supplier) {
        if (supplier == null) {
            throw new RedisArgumentException("the credentials supplier must not be null");
        }
        return () -> CompletableFuture.completedFuture(supplier.get());
    }
}
