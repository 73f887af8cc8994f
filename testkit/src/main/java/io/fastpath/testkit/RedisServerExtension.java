package io.fastpath.testkit;

import java.util.function.Consumer;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * JUnit 5 extension giving a test class one standalone server for all its tests.
 *
 * <p>Register it on a static field: {@code @RegisterExtension static RedisServerExtension redis =
 * RedisServerExtension.standalone();}. The server starts before the first test and is stopped
 * after the last one even when tests fail, resuming it first if a test left it paused.
 */
public final class RedisServerExtension implements BeforeAllCallback, AfterAllCallback {

    private final Consumer<RedisServer.Builder> configuration;

    /** Written in beforeAll and afterAll by the JUnit thread, read by tests possibly on other threads. */
    private volatile RedisServer server;

    private RedisServerExtension(Consumer<RedisServer.Builder> configuration) {
        this.configuration = configuration;
    }

    /** A server with the default configuration. */
    public static RedisServerExtension standalone() {
        return new RedisServerExtension(builder -> { });
    }

    /** A server with extra command-line arguments, e.g. {@code "--requirepass", "secret"}. */
    public static RedisServerExtension standalone(String... serverArguments) {
        return new RedisServerExtension(builder -> builder.arguments(serverArguments));
    }

    /** A server configured by {@code configuration} before it starts. */
    public static RedisServerExtension configured(Consumer<RedisServer.Builder> configuration) {
        return new RedisServerExtension(configuration);
    }

    /** The running server; only valid between beforeAll and afterAll. */
    public RedisServer server() {
        RedisServer current = server;
        if (current == null) {
            throw new IllegalStateException("The server is not running; register the extension on a static field");
        }
        return current;
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        RedisServer.Builder builder = RedisServer.builder();
        configuration.accept(builder);
        server = builder.start();
    }

    @Override
    public void afterAll(ExtensionContext context) {
        RedisServer current = server;
        server = null;
        if (current != null) {
            if (current.isPaused()) {
                current.resume();
            }
            current.close();
        }
    }
}
