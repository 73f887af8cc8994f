package io.fastpath;

import io.fastpath.internal.assembly.ClientAssembly;
import io.fastpath.internal.client.ClientResources;
import io.fastpath.internal.client.ClientSettings;
import io.fastpath.internal.connection.ConnectionSettings;

/**
 * Connection settings for tests that open connections without a client, derived the way a client's are: the public
 * builder's options, its {@link ClientSettings}, then {@link ClientAssembly#connectionSettings}. So such a test runs
 * with the client's real defaults, and one that needs another value names the option it changes.
 */
public final class TestConnectionSettings {
    private TestConnectionSettings() {}

    /** A default client's data connections on {@code resources}. */
    public static ConnectionSettings defaults(ClientResources resources) {
        return of(RedisClient.builder(), resources);
    }

    /**
     * The data connections of a client built from {@code options}, on {@code resources}, without a client-side cache or
     * a command observer (their objects belong to a client; a test of them builds one).
     */
    public static ConnectionSettings of(RedisClientBuilder options, ClientResources resources) {
        ClientSettings settings = options.settings();
        return ClientAssembly.connectionSettings(settings, ClientAssembly.tlsContext(settings), resources, null, null);
    }
}
