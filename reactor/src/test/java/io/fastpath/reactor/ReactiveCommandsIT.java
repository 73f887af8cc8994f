package io.fastpath.reactor;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.command.Command;
import io.fastpath.RedisClient;
import io.fastpath.RedisEvent;
import io.fastpath.RedisServerException;
import io.fastpath.command.Script;
import io.fastpath.testkit.RedisServer;
import io.fastpath.testkit.RedisServerExtension;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;
import reactor.util.context.Context;

/** The Mono of every typed command against a real server: when it sends, where it completes, what it tells the observer. */
class ReactiveCommandsIT {
    private static final Duration WAIT = Duration.ofSeconds(10);

    @RegisterExtension
    static RedisServerExtension redis = RedisServerExtension.standalone();

    private RedisClient client;
    private RedisReactiveClient reactive;

    @BeforeEach
    void connect() {
        client = RedisClient.create(redis.server().uri());
        reactive = FastpathReactive.of(client);
        client.flushall();
        ServerStats.resetStats(redis.server());
    }

    @AfterEach
    void close() {
        client.close();
    }

    @Test
    void nothingIsSentBeforeSubscriptionAndEachSubscriptionSendsOnce() {
        Mono<Boolean> set = reactive.set("greeting", "hello");
        assertThat(ServerStats.calls(redis.server(), "set")).isZero();

        StepVerifier.create(set).expectNext(true).verifyComplete();
        StepVerifier.create(set).expectNext(true).verifyComplete();

        assertThat(ServerStats.calls(redis.server(), "set")).isEqualTo(2);
        StepVerifier.create(reactive.get("greeting")).expectNext("hello").verifyComplete();
    }

    @Test
    void aSubscriberThatNeverRequestsSendsNothing() {
        StepVerifier.create(reactive.set("never", "sent"), 0).expectSubscription().thenCancel().verify(WAIT);

        assertThat(ServerStats.calls(redis.server(), "set")).isZero();
        assertThat(client.exists("never")).isZero();
    }

    @Test
    void aSubscriptionCancelledBeforeTheCommandWasWrittenSendsNothing() throws Exception {
        RedisServer server = redis.server();
        CountDownLatch disconnected = new CountDownLatch(1);
        try (RedisClient reconnecting = RedisClient.builder().uri(server.uri()).connectionsPerNode(1)
                .reconnectBackoff(Duration.ofMillis(20), Duration.ofMillis(50))
                .eventListener(event -> {
                    if (event instanceof RedisEvent.Disconnected) {
                        disconnected.countDown();
                    }
                }).build()) {
            RedisReactiveClient queued = FastpathReactive.of(reconnecting);
            server.stop();
            assertThat(disconnected.await(WAIT.toSeconds(), TimeUnit.SECONDS)).isTrue();

            // The connection is down: both SETs wait in its queue. The first is cancelled there, the second is not.
            StepVerifier.create(queued.set("cancelled", "v")).thenCancel().verify(WAIT);
            CompletableFuture<Boolean> control = queued.set("kept", "v").toFuture(); // subscribes and requests now
            server.restart();
            assertThat(control.get(WAIT.toSeconds(), TimeUnit.SECONDS)).isTrue();

            assertThat(reconnecting.exists("kept")).isEqualTo(1);
            assertThat(reconnecting.exists("cancelled")).isZero();
            assertThat(ServerStats.calls(server, "set")).isEqualTo(1);
        }
    }

    /** The thread a user operator ran on for a reply that comes 100 ms later (so it cannot be there at subscription). */
    private static String threadOfALateReply(RedisReactiveClient reactive) {
        AtomicReference<String> thread = new AtomicReference<>();
        StepVerifier.create(reactive.blpop(Duration.ofMillis(100), "empty-list")
                        .doOnSuccess(nothing -> thread.set(Thread.currentThread().getName())))
                .verifyComplete();
        return thread.get();
    }

    @Test
    void aUserOperatorNeverRunsOnAnIoThreadByDefault() {
        assertThat(threadOfALateReply(reactive)).doesNotStartWith("fastpath-io-").startsWith("fastpath-callback-");
    }

    @Test
    void withDirectCompletionTheUserOptedIntoOperatorsOnTheIoThread() {
        try (RedisClient direct = RedisClient.builder().uri(redis.server().uri()).directCompletion().build()) {
            assertThat(threadOfALateReply(FastpathReactive.of(direct))).startsWith("fastpath-io-");
        }
    }

    @Test
    void aNullReplyCompletesEmpty() {
        StepVerifier.create(reactive.get("missing")).verifyComplete();
    }

    @Test
    void aServerErrorKeepsItsCode() {
        client.set("text", "not a number");

        StepVerifier.create(reactive.incr("text"))
                .expectErrorSatisfies(failure -> assertThat(failure).isInstanceOf(RedisServerException.class)
                        .extracting(e -> ((RedisServerException) e).code()).isEqualTo("ERR"))
                .verify(WAIT);
    }

    @Test
    void aWrongArgumentFailsTheMonoOnSubscriptionBeforeAnythingIsSent() {
        Mono<List<String>> noKeys = reactive.mget(List.of());

        StepVerifier.create(noKeys).expectError(io.fastpath.RedisArgumentException.class).verify(WAIT);
        assertThat(ServerStats.calls(redis.server(), "mget")).isZero();
    }

    @Test
    void evalScriptLoadsTheScriptWhenTheServerDoesNotKnowIt() {
        client.scriptFlush();
        Script script = Script.of("return ARGV[1]");

        StepVerifier.create(reactive.evalScript(script, List.of(), List.of("first")))
                .assertNext(reply -> assertThat(text(reply)).isEqualTo("first")).verifyComplete();

        assertThat(ServerStats.calls(redis.server(), "evalsha")).isEqualTo(1);
        assertThat(ServerStats.calls(redis.server(), "eval")).isEqualTo(1);
    }

    @Test
    void theSubscribersContextReachesTheObserverWithItsCommand() {
        List<String> seen = new CopyOnWriteArrayList<>();
        List<Throwable> ends = new CopyOnWriteArrayList<>();
        CommandObserver tracing = (command, context) -> {
            seen.add(command.name() + " in " + context.getOrDefault("trace", "no trace"));
            return ends::add;
        };
        RedisReactiveClient traced = FastpathReactive.of(client, ReactiveOptions.defaults().commandObserver(tracing));

        StepVerifier.create(traced.set("k", "v").then(traced.get("k")).contextWrite(Context.of("trace", "t-42")))
                .expectNext("v").verifyComplete();

        assertThat(seen).containsExactly("SET in t-42", "GET in t-42");
        assertThat(ends).hasSize(2);
    }

    @Test
    void theBinaryViewSendsBytes() {
        byte[] key = {1, 2, 3};
        byte[] value = "bytes".getBytes(StandardCharsets.UTF_8);

        StepVerifier.create(reactive.binary().set(key, value).then(reactive.binary().get(key)))
                .assertNext(read -> assertThat(read).isEqualTo(value)).verifyComplete();
    }

    @Test
    void aBuiltCommandCanBeExecutedAsIs() {
        Command<io.fastpath.command.Reply> ping = reactive.commands().command("PING", "hi");

        StepVerifier.create(reactive.execute(ping))
                .assertNext(reply -> assertThat(text(reply)).isEqualTo("hi")).verifyComplete();
    }

    private static String text(io.fastpath.command.Reply reply) {
        return new String(((io.fastpath.command.Reply.BulkStringReply) reply).value(), StandardCharsets.UTF_8);
    }
}
