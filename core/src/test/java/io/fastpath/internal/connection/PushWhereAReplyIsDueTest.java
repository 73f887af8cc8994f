package io.fastpath.internal.connection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.fastpath.RedisClient;
import io.fastpath.RedisConnectionException;
import io.fastpath.RedisOutcomeUnknownException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * A RESP3 server answers the (un)subscribe family with pushes instead of replies. On a connection that
 * never subscribed, such a push means a command's FIFO entry will never get its own reply and would take
 * the next caller's: the connection is closed instead, and nothing pending is handed a stranger's reply.
 */
class PushWhereAReplyIsDueTest {

    private static final String HELLO_REPLY = "%1\r\n+server\r\n+scripted\r\n";
    private static final String PUNSUBSCRIBE_PUSH = ">3\r\n$12\r\npunsubscribe\r\n_\r\n:0\r\n";

    private static Function<List<String>, String> script() {
        return command -> switch (command.get(0)) {
            case "HELLO" -> HELLO_REPLY;
            case "CLIENT", "SELECT", "AUTH" -> "+OK\r\n";
            case "GET" -> command.get(1).equals("answered-by-push") ? PUNSUBSCRIBE_PUSH : "$6\r\nothers\r\n";
            default -> "-ERR unexpected\r\n";
        };
    }

    @Test
    void aSubscriptionPushOnACommandConnectionClosesItInsteadOfShiftingEveryLaterReply() throws Exception {
        try (ScriptedServer server = new ScriptedServer(script());
             RedisClient redis = RedisClient.builder().host("127.0.0.1", server.port()).connectionsPerNode(1)
                     .commandTimeout(Duration.ofSeconds(5)).build()) {
            CompletableFuture<String> answeredByPush = redis.async().get("answered-by-push");
            CompletableFuture<String> next = redis.async().get("next-caller");

            Throwable failure = catchThrowable(() -> answeredByPush.get(5, TimeUnit.SECONDS));
            assertThat(failure).as("the command answered by a push must not take the next caller's reply")
                    .isInstanceOf(ExecutionException.class);
            assertThat(failure.getCause()).isInstanceOfAny(RedisOutcomeUnknownException.class, RedisConnectionException.class);
            assertThat(failure.getCause()).hasStackTraceContaining("never subscribed");
            try {
                assertThat(next.get(5, TimeUnit.SECONDS)).isEqualTo("others"); // its own reply, after a reconnect
            } catch (ExecutionException lost) {
                assertThat(lost.getCause()).isInstanceOfAny(RedisOutcomeUnknownException.class, RedisConnectionException.class);
            }
            assertThat(redis.get("after")).as("the connection is usable again").isEqualTo("others");
        }
    }
}
