package io.fastpath.internal.connection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.RedisException;
import io.fastpath.Teardown;
import io.fastpath.TestConnectionSettings;
import io.fastpath.command.Reply;
import io.fastpath.internal.client.ClientResources;
import io.fastpath.internal.command.CommandSpec;
import io.fastpath.internal.command.Converters;
import io.fastpath.testkit.RedisServer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The hooks that see a reply before its caller (a cache fill's store, a cluster redirect handler) may
 * throw: the command they belong to fails with that cause, and the connection answers the next command.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ReplyHandlingOnTheConnectionIT {
    RedisServer server;
    ClientResources resources;
    Connection connection;

    @BeforeAll
    void start() throws Exception {
        server = RedisServer.start();
        resources = new ClientResources(1, null, true);
        connection = new Connection(new Endpoint(server.host(), server.port()), TestConnectionSettings.defaults(resources),
                resources.nextEventLoop(), resources.channelType());
        connection.start().get(10, TimeUnit.SECONDS);
    }

    @AfterAll
    void stop() throws Exception {
        if (connection != null) { // null when the setup failed: its failure is the one to report
            connection.close(0).get(10, TimeUnit.SECONDS);
        }
        Teardown.closeAll(resources, server);
    }

    private static CommandFuture<Reply> command(String... words) {
        byte[][] args = new byte[words.length][];
        for (int i = 0; i < words.length; i++) {
            args[i] = words[i].getBytes(StandardCharsets.UTF_8);
        }
        return new CommandFuture<>(new CommandSpec<>(words[0], args, Converters.REPLY, null, false), false,
                System.nanoTime() + TimeUnit.SECONDS.toNanos(5));
    }

    private String echo(String text) throws Exception {
        CommandFuture<Reply> echo = command("ECHO", text);
        connection.send(echo);
        return new String(((Reply.BulkStringReply) echo.get(5, TimeUnit.SECONDS)).value(), StandardCharsets.UTF_8);
    }

    @Test
    void aReplyHookThatThrowsFailsItsCommandAndTheConnectionAnswersTheNextOne() throws Exception {
        CommandFuture<Reply> hooked = command("PING").replyHook((from, reply) -> {
            throw new IllegalStateException("the store failed");
        });
        connection.send(hooked);
        CommandFuture<Reply> next = command("ECHO", "next");
        connection.send(next);

        assertThatThrownBy(() -> hooked.get(5, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class)
                .cause().isInstanceOf(RedisException.class).hasMessageContaining("PING")
                .cause().hasMessage("the store failed");
        assertThat(next.get(5, TimeUnit.SECONDS)).isInstanceOf(Reply.BulkStringReply.class);
        assertThat(echo("still here")).isEqualTo("still here");
    }

    @Test
    void anErrorInterceptorThatThrowsFailsItsCommandAndTheConnectionAnswersTheNextOne() throws Exception {
        CommandFuture<Reply> intercepted = command("NOSUCHCOMMAND").errorInterceptor((command, error, from) -> {
            throw new IllegalStateException("the redirect handler failed on " + error.message());
        });
        connection.send(intercepted);

        assertThatThrownBy(() -> intercepted.get(5, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class)
                .cause().isInstanceOf(RedisException.class).hasMessageContaining("NOSUCHCOMMAND")
                .cause().hasMessageContaining("the redirect handler failed on ERR unknown command");
        assertThat(echo("after the interceptor")).isEqualTo("after the interceptor");
    }
}
