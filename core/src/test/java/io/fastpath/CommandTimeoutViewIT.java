package io.fastpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.AccountPointCodec.Account;
import io.fastpath.AccountPointCodec.Point;
import io.fastpath.command.KeyValue;
import io.fastpath.internal.client.BoundedWait;
import io.fastpath.testkit.FaultProxy;
import io.fastpath.testkit.RedisServer;
import io.fastpath.testkit.RedisServerExtension;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code withTimeout(d)} against a real server: each command of the view carries {@code d} instead of the client's
 * command timeout, from the deadline timer of its connection through the caller's bounded wait, the replay after a
 * lost connection, a blocking command's lease and block time; a bad duration is refused before anything is sent.
 * Stalls come from {@code CLIENT PAUSE WRITE} ({@link PausedWrites}), so the server says when a command waits.
 */
class CommandTimeoutViewIT {
    private static final Duration WAIT = Duration.ofSeconds(10);

    @RegisterExtension
    static RedisServerExtension redis = RedisServerExtension.standalone();

    RedisServer server;

    @BeforeEach
    void emptyServer() {
        server = redis.server();
        server.call("FLUSHALL");
    }

    @AfterEach
    void endAnyPause() {
        if (server != null) { // null when the setup failed: its failure is the one to report
            server.call("CLIENT", "UNPAUSE");
        }
    }

    private RedisClient connect(Duration commandTimeout) {
        return RedisClient.builder().uri(server.uri()).connectionsPerNode(1).commandTimeout(commandTimeout).build();
    }

    private void unpause() {
        server.call("CLIENT", "UNPAUSE");
    }

    private static Throwable failureOf(CompletableFuture<?> future) throws Exception {
        try {
            future.get(WAIT.toSeconds(), TimeUnit.SECONDS);
        } catch (ExecutionException failed) {
            return failed.getCause();
        }
        throw new AssertionError("expected a failure, got " + future.join());
    }

    @Test
    void aShorterTimeoutFailsAtItsOwnDeadlineWhileTheClientsDefaultKeepsWaiting() throws Exception {
        try (RedisClient redis = connect(Duration.ofSeconds(30))) {
            PausedWrites.pause(server);
            CompletableFuture<Boolean> patient = redis.async().set("patient", "client timeout");
            RedisCommands<String, String> quick = redis.withTimeout(Duration.ofMillis(300));

            assertThatThrownBy(() -> quick.set("quick", "blocking")).isInstanceOfSatisfying(RedisTimeoutException.class,
                    timeout -> assertThat(timeout.wasSent()).isTrue())
                    .hasMessageContaining("command timed out on"); // the connection's deadline timer, not the caller's wait
            assertThat(failureOf(quick.async().set("quick", "async"))).isInstanceOf(RedisTimeoutException.class);
            assertThat(failureOf(redis.async().withTimeout(Duration.ofMillis(300)).get("quick")))
                    .isInstanceOf(RedisTimeoutException.class);

            assertThat(patient).isNotDone();
            unpause();
            assertThat(patient.get(WAIT.toSeconds(), TimeUnit.SECONDS)).isTrue();
        }
    }

    @Test
    void aLongerTimeoutOutlastsAStallThatFailsTheClientsDefault() throws Exception {
        try (RedisClient redis = connect(Duration.ofMillis(200))) {
            RedisCommands<String, String> patient = redis.withTimeout(Duration.ofSeconds(30));
            PausedWrites.pause(server);
            CompletableFuture<Boolean> blockingCaller = CompletableFuture.supplyAsync(() -> patient.set("blocking", "v"));
            PausedWrites.awaitHeldBytes(server, 0); // the blocking caller's SET is the one the pause holds
            CompletableFuture<Boolean> asyncCaller = patient.async().set("async", "v");

            assertThatThrownBy(() -> redis.set("hasty", "v")).isInstanceOf(RedisTimeoutException.class);
            // Past the client's timeout plus the bounded wait's margin: the longest a caller on the client's timeout waits.
            long stallMillis = TimeUnit.NANOSECONDS.toMillis(BoundedWait.MARGIN_NANOS) + 1000;
            Thread.sleep(stallMillis); // Not synchronization: the stall must outlast any wait on the client's timeout
            assertThat(blockingCaller).isNotDone();
            assertThat(asyncCaller).isNotDone();

            unpause();
            assertThat(blockingCaller.get(WAIT.toSeconds(), TimeUnit.SECONDS)).isTrue();
            assertThat(asyncCaller.get(WAIT.toSeconds(), TimeUnit.SECONDS)).isTrue();
            assertThat(redis.get("blocking")).isEqualTo("v");
        }
    }

    @Test
    void aCallerWhoseIoThreadStallsStopsWaitingAtTheViewsDeadlinePlusTheMargin() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        try (RedisClient redis = RedisClient.builder().uri(server.uri()).connectionsPerNode(1).ioThreads(1)
                .commandTimeout(Duration.ofSeconds(60)).directCompletion().build()) {
            CountDownLatch stalling = new CountDownLatch(1);
            server.pause(); // SIGSTOP: the PING below cannot be answered before its callback is attached
            CompletableFuture<String> ping = redis.async().ping();
            ping.whenComplete((pong, failure) -> {
                stalling.countDown();
                try {
                    release.await(60, TimeUnit.SECONDS); // hogs the only I/O thread, deadline timers included
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            server.resume();
            assertThat(stalling.await(WAIT.toSeconds(), TimeUnit.SECONDS)).as("the callback holds the I/O thread").isTrue();
            try {
                RedisCommands<String, String> quick = redis.withTimeout(Duration.ofMillis(200));
                CompletableFuture<String> caller = CompletableFuture.supplyAsync(() -> quick.get("key"));
                // On the client's 60 s the caller would still wait; on the view's 200 ms it gives up 2 s later.
                assertThat(failureOf(caller)).isInstanceOf(RedisTimeoutException.class)
                        .hasMessageContaining("GET had no outcome").hasMessageContaining("past its deadline");
            } finally {
                release.countDown();
            }
            assertThat(redis.ping()).isEqualTo("PONG");
        }
    }

    @Test
    void aReplayedReadFailsAtItsViewsDeadlineWhileOneOnTheClientsTimeoutWaitsForTheServer() throws Exception {
        try (FaultProxy proxy = FaultProxy.inFrontOf(server);
             RedisClient redis = RedisClient.builder().uri(proxy.uri()).connectionsPerNode(1)
                     .commandTimeout(Duration.ofSeconds(60)).connectTimeout(Duration.ofMillis(500)).build()) {
            redis.set("k", "v");
            PausedWrites.pause(server);
            CompletableFuture<Boolean> held = redis.async().set("hold", "the connection");
            CompletableFuture<String> quick = redis.withTimeout(Duration.ofSeconds(3)).async().get("k");
            CompletableFuture<String> patient = redis.async().get("k");
            PausedWrites.awaitHeldBytes(server, 2 * "*2\r\n$3\r\nGET\r\n$1\r\nk\r\n".length()); // both reads arrived
            proxy.blackhole(); // every reconnect from now on hangs in its handshake
            proxy.dropAll();   // the reads were written: read-only, they wait to be sent again

            assertThat(failureOf(held)).isInstanceOf(RedisOutcomeUnknownException.class);
            assertThat(failureOf(quick)).isInstanceOf(RedisOutcomeUnknownException.class)
                    .hasMessageContaining("could not be sent again within the command timeout");
            assertThat(patient).isNotDone();

            unpause();
            proxy.reset();
            assertThat(patient.get(30, TimeUnit.SECONDS)).isEqualTo("v");
        }
    }

    @Test
    void aBlockingPopKeepsItsBlockTimeBeyondAShorterViewTimeout() throws Exception {
        try (RedisClient redis = connect(Duration.ofMillis(200))) {
            RedisCommands<String, String> quick = redis.withTimeout(Duration.ofMillis(100));
            // Deadline = block time + the view's timeout: the server's own empty answer comes first, at 1 s.
            assertThat(quick.blpop(Duration.ofSeconds(1), "empty")).isNull();

            CompletableFuture<KeyValue<String, String>> pop = quick.async().blpop(Duration.ofSeconds(5), "jobs");
            awaitBlockedClients(1);
            redis.rpush("jobs", "job-1");
            assertThat(pop.get(WAIT.toSeconds(), TimeUnit.SECONDS)).isEqualTo(new KeyValue<>("jobs", "job-1"));
        }
    }

    @Test
    void theWaitForAPooledBlockingConnectionIsBoundedByTheViewsTimeout() throws Exception {
        try (RedisClient redis = RedisClient.builder().uri(server.uri()).blockingConnectionsPerNode(1)
                .commandTimeout(Duration.ofSeconds(30)).build()) {
            CompletableFuture<KeyValue<String, String>> holder = redis.async().blpop(Duration.ZERO, "held");
            awaitBlockedClients(1); // the pool's one connection is taken
            CompletableFuture<KeyValue<String, String>> patient = redis.async().blpop(Duration.ofSeconds(5), "later");

            assertThatThrownBy(() -> redis.withTimeout(Duration.ofMillis(300)).blpop(Duration.ofSeconds(5), "other"))
                    .isInstanceOf(RedisNotSentException.class).hasMessageContaining("blockingConnectionsPerNode");
            assertThat(patient).isNotDone();

            redis.rpush("held", "release");
            assertThat(holder.get(WAIT.toSeconds(), TimeUnit.SECONDS)).isEqualTo(new KeyValue<>("held", "release"));
            awaitBlockedClients(1); // the patient pop got the connection
            redis.rpush("later", "served");
            assertThat(patient.get(WAIT.toSeconds(), TimeUnit.SECONDS)).isEqualTo(new KeyValue<>("later", "served"));
        }
    }

    @Test
    void aCachedReadOnAShorterTimeoutDoesNotWaitOnAFillStartedOnTheClientsTimeout() throws Exception {
        try (RedisClient redis = RedisClient.builder().uri(server.uri()).commandTimeout(Duration.ofSeconds(30))
                .clientSideCache(CacheOptions.maxBytes(1 << 20)).build()) {
            redis.set("k", "v");
            server.pause(); // SIGSTOP: the fill below waits for the server
            CompletableFuture<String> patient;
            try {
                patient = redis.async().get("k"); // a miss: the fill it starts carries the client's 30 s
                // Joining that fill would wait out its 30 s; the view's read runs its own fill on its own deadline.
                assertThat(failureOf(redis.withTimeout(Duration.ofMillis(300)).async().get("k")))
                        .isInstanceOf(RedisTimeoutException.class);
                assertThat(patient).isNotDone();
            } finally {
                server.resume();
            }
            assertThat(patient.get(WAIT.toSeconds(), TimeUnit.SECONDS)).isEqualTo("v");
        }
    }

    @Test
    void aCodecViewWithATimeoutCarriesBoth() throws Exception {
        try (RedisClient redis = connect(Duration.ofSeconds(30))) {
            RedisCommands<Account, Point> points = redis.withCodec(AccountPointCodec.CODEC);
            RedisCommands<Account, Point> quick = points.withTimeout(Duration.ofMillis(300));
            Account key = new Account("r", 1);
            PausedWrites.pause(server);
            assertThatThrownBy(() -> quick.set(key, new Point(1, 2))).isInstanceOf(RedisTimeoutException.class);
            assertThat(failureOf(quick.async().get(key))).isInstanceOf(RedisTimeoutException.class);
            unpause();
            assertThat(points.get(key)).isEqualTo(new Point(1, 2)); // the timed-out SET was sent; the server ran it on unpause
        }
    }

    @Test
    void aTimeoutThatIsNotPositiveOrLongerThanADayIsRefusedBeforeAnythingIsSent() {
        try (RedisClient redis = connect(Duration.ofSeconds(5))) {
            server.call("CONFIG", "RESETSTAT");
            List<Supplier<Object>> views = new ArrayList<>();
            List<Duration> refused = new ArrayList<>(List.of(Duration.ZERO, Duration.ofNanos(-1), Duration.ofSeconds(-5),
                    RedisClientBuilder.MAX_COMMAND_TIMEOUT.plusNanos(1), Duration.ofSeconds(Long.MAX_VALUE)));
            refused.add(null);
            for (Duration timeout : refused) {
                views.add(() -> redis.withTimeout(timeout).set("never", "sent"));
                views.add(() -> redis.async().withTimeout(timeout).set("never", "sent"));
                views.add(() -> redis.binary().withTimeout(timeout));
                views.add(() -> redis.withCodec(AccountPointCodec.CODEC).withTimeout(timeout));
                views.add(() -> redis.withTimeout(Duration.ofSeconds(1)).withTimeout(timeout));
                views.add(() -> RedisClient.builder().commandTimeout(timeout));
            }
            for (Supplier<Object> view : views) {
                assertThatThrownBy(view::get).isInstanceOf(RedisArgumentException.class).hasMessageContaining("imeout");
            }
            assertThat(String.valueOf(server.call("INFO", "commandstats"))).doesNotContain("cmdstat_set");
            assertThat(redis.withTimeout(RedisClientBuilder.MAX_COMMAND_TIMEOUT).set("longest", "allowed")).isTrue();
            assertThat(redis.withTimeout(Duration.ofNanos(1)).async()).isNotNull(); // a nanosecond is positive: allowed
        }
    }

    private void awaitBlockedClients(int expected) {
        Eventually.await("blocked_clients reaches " + expected, () -> {
            for (String line : String.valueOf(server.call("INFO", "clients")).split("\r?\n")) {
                if (line.startsWith("blocked_clients:")) {
                    return Integer.parseInt(line.substring("blocked_clients:".length()).trim());
                }
            }
            return -1;
        }, count -> count == expected, WAIT);
    }
}
