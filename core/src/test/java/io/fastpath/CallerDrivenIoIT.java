package io.fastpath;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.testkit.Conditions;
import io.fastpath.testkit.FaultProxy;
import io.fastpath.testkit.RedisServer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
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
    void stop() {
        server.close();
    }

    private RedisClientBuilder driven(String uri, int connections) {
        return RedisClient.builder().uri(uri).callerDrivenIo(true).connectionsPerNode(connections).commandListener(writers);
    }

    @Test
    void aLoneBlockingCallerWritesItsCommandOnItsOwnThreadAndGetsItsReply() {
        try (RedisClient redis = driven(server.uri(), 1).build()) {
            redis.set("lone", "value");
            assertThat(redis.get("lone")).isEqualTo("value");
            assertThat(writtenBy.get("GET")).as("the thread that wrote the GET").isSameAs(Thread.currentThread());
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
            ConcurrentLinkedQueue<String> wrongReplies = new ConcurrentLinkedQueue<>();
            ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
            List<Thread> threads = new ArrayList<>();
            for (int c = 0; c < callers; c++) {
                String key = "caller-" + c;
                Thread thread = new Thread(() -> {
                    try {
                        for (int i = 0; i < rounds; i++) {
                            String value = key + ":" + i;
                            redis.set(key, value);
                            String read = redis.get(key);
                            String echoed = redis.echo(value);
                            if (!value.equals(read) || !value.equals(echoed)) {
                                wrongReplies.add(key + " expected " + value + ", read " + read + ", echoed " + echoed);
                            }
                        }
                    } catch (RuntimeException failure) {
                        failures.add(failure);
                    }
                }, "blocking-caller-" + c);
                threads.add(thread);
                thread.start();
            }
            for (Thread thread : threads) {
                thread.join(TimeUnit.SECONDS.toMillis(120));
                assertThat(thread.isAlive()).as("%s finished", thread.getName()).isFalse();
            }
            async.stop(Duration.ofSeconds(20));
            async.assertOracle();
            assertThat(wrongReplies).isEmpty();
            assertThat(failures).isEmpty();
        }
    }

    @Test
    void aConnectionLostWhileACallerDrivesFailsItsCommandAndTheNextCallerDrivesTheReconnect() throws Exception {
        try (FaultProxy proxy = FaultProxy.inFrontOf(server);
             RedisClient redis = driven(proxy.uri(), 1).reconnectBackoff(Duration.ofMillis(1), Duration.ofMillis(20)).build()) {
            proxy.delay(Duration.ofMillis(500)); // the INCR's reply is on its way when the connection is dropped
            AtomicReference<Throwable> outcome = new AtomicReference<>();
            Thread caller = new Thread(() -> {
                try {
                    redis.incr("lost");
                } catch (RuntimeException failure) {
                    outcome.set(failure);
                }
            }, "driving-caller");
            caller.start();
            Conditions.await("the INCR written", () -> writtenBy.containsKey("INCR"), WITHIN);
            assertThat(writtenBy.get("INCR")).as("the INCR's writer").isSameAs(caller);
            proxy.dropAll();
            caller.join(TimeUnit.SECONDS.toMillis(20));
            assertThat(caller.isAlive()).isFalse();
            assertThat(outcome.get()).isInstanceOf(RedisOutcomeUnknownException.class);
            proxy.reset();
            Eventually.awaitValue(() -> redis.echo("after"), "after", WITHIN);
            // The reconnect may run on the background driver, which frees the loop for a caller that asks once no work is left
            Conditions.await("this caller drives again", () -> "again".equals(redis.echo("again"))
                    && writtenBy.get("ECHO") == Thread.currentThread(), WITHIN);
        }
    }

    @Test
    void theDrivingCallersDeadlineExpiringLeavesTheOtherCallersRepliesToTheBackgroundDriver() throws Exception {
        try (RedisClient redis = driven(server.uri(), 1).build()) {
            redis.set("other", "others-value");
            server.pause();
            AtomicReference<Throwable> driverOutcome = new AtomicReference<>();
            Thread driver = new Thread(() -> {
                try {
                    redis.withTimeout(Duration.ofMillis(300)).echo("driver");
                } catch (RuntimeException failure) {
                    driverOutcome.set(failure);
                }
            }, "short-deadline-caller");
            driver.start();
            Conditions.await("the driver's ECHO written", () -> writtenBy.containsKey("ECHO"), WITHIN);
            assertThat(writtenBy.get("ECHO")).isSameAs(driver);
            CompletableFuture<String> otherRead = new CompletableFuture<>();
            Thread other = new Thread(() -> {
                try {
                    otherRead.complete(redis.get("other"));
                } catch (RuntimeException failure) {
                    otherRead.completeExceptionally(failure);
                }
            }, "waiting-caller");
            other.start();
            driver.join(TimeUnit.SECONDS.toMillis(20));
            assertThat(driverOutcome.get()).isInstanceOf(RedisTimeoutException.class);
            server.resume();
            assertThat(otherRead.get(20, TimeUnit.SECONDS)).isEqualTo("others-value");
            assertThat(redis.get("other")).isEqualTo("others-value"); // the late ECHO reply went to nobody
        }
    }

    @Test
    void anInterruptedDrivingCallerAbandonsItsCommandAndTheLoopServesTheNextCallers() throws Exception {
        try (RedisClient redis = driven(server.uri(), 1).build()) {
            redis.set("key", "value");
            server.pause();
            AtomicReference<Throwable> outcome = new AtomicReference<>();
            AtomicReference<Boolean> flagKept = new AtomicReference<>();
            Thread caller = new Thread(() -> {
                try {
                    redis.echo("interrupted");
                } catch (RuntimeException failure) {
                    outcome.set(failure);
                    flagKept.set(Thread.currentThread().isInterrupted());
                }
            }, "interrupted-caller");
            caller.start();
            Conditions.await("the ECHO written", () -> writtenBy.containsKey("ECHO"), WITHIN);
            caller.interrupt();
            caller.join(TimeUnit.SECONDS.toMillis(20));
            assertThat(caller.isAlive()).isFalse();
            assertThat(outcome.get()).isInstanceOf(RedisException.class).hasCauseInstanceOf(InterruptedException.class);
            assertThat(flagKept.get()).as("the interrupt flag restored").isTrue();
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
        AtomicReference<Throwable> outcome = new AtomicReference<>();
        Thread caller = new Thread(() -> {
            try {
                redis.echo("closing");
            } catch (RuntimeException failure) {
                outcome.set(failure);
            }
        }, "caller-during-close");
        caller.start();
        Conditions.await("the ECHO written", () -> writtenBy.containsKey("ECHO"), WITHIN);
        redis.close();
        caller.join(TimeUnit.SECONDS.toMillis(20));
        assertThat(caller.isAlive()).isFalse();
        assertThat(outcome.get()).isInstanceOfAny(RedisConnectionException.class, RedisTimeoutException.class,
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
