package io.fastpath;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.testkit.Conditions;
import io.fastpath.testkit.FaultProxy;
import io.fastpath.testkit.RedisServer;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Caller-driven I/O ({@code callerDrivenIo(true)}, issue 30) against a real server: a blocking caller that holds its
 * connection's loop runs it on its own thread, and leadership survives faults: a connection lost or reconnecting while a
 * caller drives, the driving caller's deadline expiring or its thread interrupted while others wait, and close() while
 * a caller drives. Who ran a step is seen through a {@link CommandListener}, which is called on the thread that holds
 * the loop when a command is written.
 */
class CallerDrivenIoIT {
    private static final Duration WITHIN = Duration.ofSeconds(20);
    RedisServer server;
    /** Command name and a tag it carries (its first argument) to the thread that wrote it. */
    final Map<String, Thread> writtenBy = new ConcurrentHashMap<>();
    final CommandListener writers = new CommandListener() {
        @Override
        public void commandWritten(ObservedCommand command) {
            writtenBy.put(command.name(), Thread.currentThread());
        }
    };

    @BeforeEach
    void start() {
        server = RedisServer.start();
    }

    @AfterEach
    void stop() throws Exception {
        Teardown.closeAll(server);
    }

    private RedisClientBuilder driven(String uri, int connections) {
        return RedisClient.builder().uri(uri).callerDrivenIo(true).connectionsPerNode(connections).commandListener(writers);
    }

    @Test
    void aLoneBlockingCallerWritesItsCommandOnItsOwnThreadAndGetsItsReply() {
        try (RedisClient redis = driven(server.uri(), 1).build()) {
            redis.set("lone", "value");
            // The first call may find the background driver still holding the loop after the connect, and follow
            Conditions.await("a GET written by this caller itself", () -> "value".equals(redis.get("lone"))
                    && writtenBy.get("GET") == Thread.currentThread(), WITHIN);
            assertThat(redis.toString()).contains("caller-driven I/O");
        }
    }

    @Test
    void asyncCommandsAreWrittenByTheBackgroundDriverAndCompleteOnTheCompletionExecutor() throws Exception {
        try (RedisClient redis = driven(server.uri(), 1).build()) {
            redis.set("async", "value");
            server.pause(); // the callback is attached before the reply can complete the future
            CompletableFuture<String> completedOn = redis.async().get("async").thenApply(value -> Thread.currentThread().getName());
            server.resume();
            assertThat(completedOn.get(10, TimeUnit.SECONDS)).startsWith("fastpath-callback");
            assertThat(writtenBy.get("GET").getName()).startsWith("fastpath-driver");
        }
    }

    @Test
    void manyBlockingCallersOnTwoConnectionsBesideAsyncCallersEachGetTheirOwnReplies() throws Exception {
        int callers = 8;
        int rounds = 1_000;
        try (RedisClient redis = driven(server.uri(), 2).build();
             TaggedWorkload async = TaggedWorkload.start(redis, "async", 2, 8)) {
            OwnRepliesCheck callersCheck = OwnRepliesCheck.start(redis, callers, rounds, (caller, round) -> "caller-" + caller);
            callersCheck.assertEachGotItsOwnReplies();
            async.stop(Duration.ofSeconds(20));
            async.assertOracle();
        }
    }

    /**
     * A caller thread whose command is being driven by the thread itself. Under load the background driver may not wake
     * within the hand-over wait, and the caller then follows (the driver writes its command): such a run is finished,
     * {@code beforeAgain} runs, and the call is made again, until the thread writes its command itself, which is the case
     * these tests are about.
     */
    private final class DrivingCaller {
        final AtomicReference<Throwable> outcome = new AtomicReference<>();
        final AtomicReference<Boolean> interruptFlagAfter = new AtomicReference<>();
        final Thread thread;

        DrivingCaller(String name, String command, Runnable call, Runnable beforeAgain) {
            thread = new Thread(() -> {
                Thread me = Thread.currentThread();
                for (int attempt = 0; attempt < 20; attempt++) {
                    if (attempt > 0) {
                        beforeAgain.run();
                    }
                    writtenBy.remove(command);
                    Throwable failure = null;
                    try {
                        call.run();
                    } catch (RuntimeException e) {
                        failure = e;
                    }
                    if (writtenBy.get(command) == me) {
                        outcome.set(failure);
                        interruptFlagAfter.set(me.isInterrupted());
                        return;
                    }
                }
            }, name);
            thread.start();
        }

        /** Returns once the thread's command is written by the thread itself, which then drives it. */
        void awaitDriving(String command) {
            Conditions.await(thread.getName() + " writing its own " + command, () -> writtenBy.get(command) == thread, WITHIN);
        }

        void awaitEnd() throws InterruptedException {
            thread.join(WITHIN.toMillis());
            assertThat(thread.isAlive()).as("%s ended", thread.getName()).isFalse();
        }
    }

    /**
     * Between the attempts of a {@link DrivingCaller} against the paused server: the command it gave up awaits a reply
     * the paused server never sends, and while it does, the background driver keeps the loop to read it and every further
     * call follows (each attempt would then only wait out its deadline). So the server runs until a PING behind that
     * command is answered on the one connection, which reads the late reply first, and is paused again.
     */
    private Runnable lateReplyReadThenPausedAgain(RedisClient redis) {
        return () -> {
            server.resume();
            redis.ping();
            server.pause();
        };
    }

    @Test
    void aConnectionLostWhileACallerDrivesFailsItsCommandAndTheNextCallerDrivesTheReconnect() throws Exception {
        try (FaultProxy proxy = FaultProxy.inFrontOf(server);
             RedisClient redis = driven(proxy.uri(), 1).reconnectBackoff(Duration.ofMillis(1), Duration.ofMillis(20)).build()) {
            proxy.delay(Duration.ofMillis(500)); // the INCR's reply is on its way when the connection is dropped
            DrivingCaller caller = new DrivingCaller("driving-caller", "INCR", () -> redis.incr("lost"),
                    () -> { }); // a reply delayed by the proxy still arrives: the next attempt may drive
            caller.awaitDriving("INCR");
            proxy.dropAll();
            caller.awaitEnd();
            assertThat(caller.outcome.get()).isInstanceOf(RedisOutcomeUnknownException.class);
            proxy.reset();
            Eventually.awaitValue(() -> redis.echo("after"), "after", WITHIN);
            // The reconnect may run on the background driver, which hands the loop to a caller that waits for it
            Conditions.await("this caller drives again", () -> "again".equals(redis.echo("again"))
                    && writtenBy.get("ECHO") == Thread.currentThread(), WITHIN);
        }
    }

    @Test
    void theDrivingCallersDeadlineExpiringLeavesTheOtherCallersRepliesToTheBackgroundDriver() throws Exception {
        try (RedisClient redis = driven(server.uri(), 1).build()) {
            redis.set("other", "others-value");
            server.pause();
            DrivingCaller driver = new DrivingCaller("short-deadline-caller", "ECHO",
                    () -> redis.withTimeout(Duration.ofMillis(300)).echo("driver"), lateReplyReadThenPausedAgain(redis));
            driver.awaitDriving("ECHO");
            CompletableFuture<String> otherRead = new CompletableFuture<>();
            Thread other = new Thread(() -> {
                try {
                    otherRead.complete(redis.get("other"));
                } catch (RuntimeException failure) {
                    otherRead.completeExceptionally(failure);
                }
            }, "waiting-caller");
            other.start();
            driver.awaitEnd();
            assertThat(driver.outcome.get()).isInstanceOf(RedisTimeoutException.class);
            server.resume();
            assertThat(otherRead.get(20, TimeUnit.SECONDS)).isEqualTo("others-value");
            assertThat(redis.get("other")).isEqualTo("others-value"); // the late ECHO replies went to nobody
        }
    }

    @Test
    void anInterruptedDrivingCallerAbandonsItsCommandAndTheLoopServesTheNextCallers() throws Exception {
        try (RedisClient redis = driven(server.uri(), 1).build()) {
            redis.set("key", "value");
            server.pause();
            DrivingCaller caller = new DrivingCaller("interrupted-caller", "ECHO",
                    () -> redis.withTimeout(Duration.ofSeconds(3)).echo("interrupted"), lateReplyReadThenPausedAgain(redis));
            caller.awaitDriving("ECHO");
            caller.thread.interrupt();
            caller.awaitEnd();
            assertThat(caller.outcome.get()).isInstanceOf(RedisException.class).hasCauseInstanceOf(InterruptedException.class);
            assertThat(caller.interruptFlagAfter.get()).as("the interrupt flag restored").isTrue();
            CompletableFuture<String> asyncRead = redis.async().get("key");
            server.resume();
            assertThat(asyncRead.get(20, TimeUnit.SECONDS)).isEqualTo("value");
            assertThat(redis.get("key")).isEqualTo("value");
        }
    }

    @Test
    void closeWhileACallerDrivesEndsItsWaitWithADeliveryFailureAndReturns() throws Exception {
        RedisClient redis = driven(server.uri(), 1).commandTimeout(Duration.ofSeconds(2)).build();
        server.pause();
        DrivingCaller caller = new DrivingCaller("caller-during-close", "ECHO", () -> redis.echo("closing"),
                lateReplyReadThenPausedAgain(redis));
        caller.awaitDriving("ECHO");
        redis.close();
        caller.awaitEnd();
        assertThat(caller.outcome.get()).isInstanceOfAny(RedisConnectionException.class, RedisTimeoutException.class,
                RedisOutcomeUnknownException.class);
        server.resume();
    }

    @Test
    void aConnectionKilledWhileNoCallerDrivesIsNoticedAndReconnectedByTheBackgroundDriver() throws Exception {
        AtomicLong connected = new AtomicLong();
        try (RedisClient redis = driven(server.uri(), 1).eventListener(event -> {
            if (event instanceof RedisEvent.Connected) {
                connected.incrementAndGet();
            }
        }).build()) {
            Conditions.await("the first connection reported", () -> connected.get() == 1, WITHIN);
            server.call("CLIENT", "KILL", "TYPE", "normal");
            Conditions.await("a new connection without any command sent", () -> connected.get() == 2, WITHIN);
            assertThat(redis.echo("back")).isEqualTo("back");
        }
    }
}
