package io.fastpath.internal.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.ClientCoreAccess;
import io.fastpath.RedisClient;
import io.fastpath.RedisCommands;
import io.fastpath.RedisTimeoutException;
import io.fastpath.Teardown;
import io.fastpath.internal.callerio.CallerDrivenLoop;
import io.fastpath.internal.connection.Connection;
import io.fastpath.internal.routing.SlotHash;
import io.fastpath.testkit.Conditions;
import io.fastpath.testkit.FaultProxy;
import io.fastpath.testkit.RedisServer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Caller-driven I/O against a real server: a caller that gave a command up (a timeout, an interrupt), blocking or async,
 * is not idle until that command can no longer reach the server ({@link io.fastpath.internal.connection.CallerCommands}).
 * Its later SET of the same key goes where the given-up SET went and waits behind it, held by a proxy, instead of
 * reaching the server first on another connection (which would leave the older value); and the caller is idle again
 * once the given-up command's late reply was read, its connection was lost, or it was dropped unwritten (from the
 * queue, from a failover hold on resume or at its deadline, and by the client's close). The caller is a thread of its
 * own: the record is per thread.
 */
class AbandonedCommandsIT {
    private static final Duration WITHIN = Duration.ofSeconds(20);
    private static final Pattern SET_CALLS = Pattern.compile("cmdstat_set:calls=(\\d+)");

    RedisServer server;
    FaultProxy proxy;
    RedisClient redis;
    /** The caller's thread; every step of the caller runs on it ({@link #onCaller}). */
    Thread callerThread;
    ExecutorService caller;
    /** SET commands written to a socket so far (by the caller driving its loop, or a background driver). */
    final AtomicInteger setsWritten = new AtomicInteger();

    @BeforeEach
    void start() {
        server = RedisServer.start();
        proxy = FaultProxy.inFrontOf(server);
        caller = Executors.newSingleThreadExecutor(task -> callerThread = new Thread(task, "abandoning-caller"));
    }

    @AfterEach
    void stop() throws Exception {
        caller.shutdownNow();
        Teardown.closeAll(redis, proxy, server);
    }

    /**
     * A caller-driven client through the proxy, with no PING and no response-time check: neither sends a byte or arms a
     * timer the test did not ask for (a PING could be the sender the proxy holds, a due timer hands a free loop over).
     */
    private void connect(int connections) {
        redis = RedisClient.builder().uri(proxy.uri()).callerDrivenIo(true).connectionsPerNode(connections)
                .commandTimeout(WITHIN).pingInterval(Duration.ZERO).responseTimeout(Duration.ZERO)
                .commandListener(new CommandsWritten("SET", setsWritten)).build();
    }

    @Test
    void aCallersLaterSetOfAKeyWaitsBehindTheSetItGaveUpOnInsteadOfReachingTheServerFirstOnAnotherConnection()
            throws Exception {
        CallerAndKey setup = twoConnectionsAndAKeyOffTheCallersOwn();
        CallerDrivenLoop ownLoop = setup.ownLoop();
        String key = setup.key();
        Future<?> laterSet = caller.submit(() -> {
            Thread me = Thread.currentThread();
            // Its own connection's loop left free, so the SET below takes it and is driven there by this caller
            Conditions.await("the caller holding its own connection's loop",
                    () -> ownLoop.tryHold(me) || ownLoop.holdFromBackground(me), WITHIN);
            proxy.holdNextSender();
            ownLoop.free();
            assertThatThrownBy(() -> redis.withTimeout(Duration.ofMillis(300)).set(key, "given-up"))
                    .isInstanceOf(RedisTimeoutException.class);
            // The background driver then holds that loop, reading for the late reply: no idle caller can take it
            Conditions.await("the loop of the given-up SET held by its background driver",
                    () -> ownLoop.holder() == ownLoop.backgroundDriver(), WITHIN);
            return redis.set(key, "later");
        });
        assertTheLaterSetRanLast(laterSet, key);
    }

    @Test
    void aCallersLaterSetOfAKeyWaitsBehindAnAsyncSetOfTheKeyThatTimedOutUnanswered() throws Exception {
        CallerAndKey setup = twoConnectionsAndAKeyOffTheCallersOwn();
        CallerDrivenLoop ownLoop = setup.ownLoop();
        String key = setup.key();
        Future<?> laterSet = caller.submit(() -> {
            Thread me = Thread.currentThread();
            proxy.holdNextSender(); // the async SET's connection: it goes by key, since an async caller drives nothing
            CompletableFuture<Boolean> givenUp = redis.withTimeout(Duration.ofMillis(300)).async().set(key, "given-up");
            assertThatThrownBy(() -> givenUp.get(WITHIN.toSeconds(), TimeUnit.SECONDS))
                    .hasCauseInstanceOf(RedisTimeoutException.class);
            // Its own connection's loop left free: an idle caller's blocking SET would take it and reach the server first
            Conditions.await("the caller holding its own connection's loop",
                    () -> ownLoop.tryHold(me) || ownLoop.holdFromBackground(me), WITHIN);
            ownLoop.free();
            return redis.set(key, "later");
        });
        assertTheLaterSetRanLast(laterSet, key);
    }

    @Test
    void aCallerIsIdleAgainOnceTheLateReplyOfTheCommandItGaveUpOnWasRead() throws Exception {
        connect(1);
        proxy.blackhole();
        onCaller(() -> {
            giveUpASet();
            proxy.reset();
            Conditions.await("the caller idle again once the late reply was read", ClientCore::callingThreadIdle,
                    WITHIN);
            return null;
        });
    }

    @Test
    void aCallerIsIdleAgainOnceTheConnectionOfTheCommandItGaveUpOnWasLost() throws Exception {
        connect(1);
        proxy.blackhole();
        onCaller(() -> {
            giveUpASet();
            proxy.dropAll();
            Conditions.await("the caller idle again once the connection was lost", ClientCore::callingThreadIdle,
                    WITHIN);
            return null;
        });
        proxy.reset(); // the reconnect goes through
    }

    @Test
    void aCallerInterruptedWhileItsSetWasQueuedIsIdleAgainOnceTheConnectionDropsItUnwritten() throws Exception {
        connect(1);
        Connection connection = ClientCoreAccess.of(redis).node().all()[0];
        CallerDrivenLoop loop = holdTheLoop(connection);
        interruptWhileWaiting(redis);
        loop.free(); // the background driver drains the queue: the SET, given up, is dropped
        awaitCallerIdle("the caller idle again once its SET was dropped from the queue");
    }

    @Test
    void aCallerInterruptedWhileItsSetWasHeldIsIdleAgainOnceTheResumedConnectionDropsItUnwritten() throws Exception {
        connect(1);
        HeldSet held = giveUpAHeldSet(redis);
        held.connection().resume();
        held.loop().free();
        awaitCallerIdle("the caller idle again once its held SET was dropped on resume");
    }

    @Test
    void aCallerInterruptedWhileItsSetWasHeldIsIdleAgainOnceTheSetsDeadlinePassesInTheHold() throws Exception {
        connect(1);
        HeldSet held = giveUpAHeldSet(redis.withTimeout(Duration.ofSeconds(2)));
        held.loop().free(); // still held: at the SET's deadline the connection's timer drops it from the waiting room
        try {
            awaitCallerIdle("the caller idle again once its held SET's deadline passed");
        } finally {
            held.connection().resume();
        }
    }

    @Test
    void aCallerInterruptedWhileItsSetWasHeldIsIdleAgainOnceTheClientClosed() throws Exception {
        connect(1);
        giveUpAHeldSet(redis).loop().free();
        redis.close(); // the connection fails what waits unwritten, the given-up SET among them
        // The record is the thread's, not the client's: a pool thread goes on to serve other clients
        awaitCallerIdle("the caller idle again once the closed client dropped its held SET");
    }

    /** The loop of the connection an idle caller takes first (its own), and a key whose commands go to the other. */
    private record CallerAndKey(CallerDrivenLoop ownLoop, String key) {}

    private CallerAndKey twoConnectionsAndAKeyOffTheCallersOwn() throws Exception {
        connect(2);
        Connection[] connections = ClientCoreAccess.of(redis).node().all();
        long callerId = onCaller(() -> Thread.currentThread().getId());
        int own = (int) callerId & 1; // an idle caller's own connection, as NodeConnections picks it
        return new CallerAndKey((CallerDrivenLoop) connections[own].eventLoop(), keyOnConnection(1 - own));
    }

    /**
     * Once the caller's later SET of {@code key} was written while its given-up SET is held by the proxy: lets the held
     * bytes go and checks that the server ran the later SET last.
     */
    private void assertTheLaterSetRanLast(Future<?> laterSet, String key) throws Exception {
        Conditions.await("the later SET written, or the caller ended",
                () -> setsWritten.get() == 2 || laterSet.isDone(), WITHIN);
        if (setsWritten.get() < 2) {
            resultOf(laterSet); // the caller failed before its later SET was written: its failure says why
        }
        assertThat(proxy.holdsASender()).as("the given-up SET held by the proxy").isTrue();

        proxy.reset();
        resultOf(laterSet);
        Conditions.await("the server ran both SETs", () -> setCalls() == 2, WITHIN);
        assertThat(server.call("GET", key)).as("the value the server kept: the later SET's, run last")
                .isEqualTo("later");
    }

    /** On the caller's thread: a SET that times out unanswered (the proxy holds it); the caller is then not idle. */
    private void giveUpASet() {
        assertThatThrownBy(() -> redis.withTimeout(Duration.ofMillis(300)).set("given-up", "value"))
                .isInstanceOf(RedisTimeoutException.class);
        assertThat(ClientCore.callingThreadIdle()).as("the caller idle right after giving its SET up").isFalse();
    }

    /** The test thread takes the connection's loop: nobody runs it (no caller drives it) until the test frees it. */
    private static CallerDrivenLoop holdTheLoop(Connection connection) {
        CallerDrivenLoop loop = (CallerDrivenLoop) connection.eventLoop();
        Thread me = Thread.currentThread();
        Conditions.await("the test holding the connection's loop",
                () -> loop.tryHold(me) || loop.holdFromBackground(me), WITHIN);
        return loop;
    }

    /** The caller's SET, sent on the held loop's connection and left queued there, interrupted while it waits. */
    private void interruptWhileWaiting(RedisCommands<String, String> commands) throws Exception {
        Future<Boolean> idleRightAfter = startInterruptibleSet(commands);
        awaitCallerWaiting();
        callerThread.interrupt();
        assertThat(resultOf(idleRightAfter)).as("the caller idle right after giving its SET up").isFalse();
    }

    /** The one connection, held (a failover hold) with the caller's given-up SET in its waiting room, and its loop, held by the test. */
    private record HeldSet(Connection connection, CallerDrivenLoop loop) {}

    /**
     * As {@link #interruptWhileWaiting}, with the SET first taken into the connection's waiting room by a failover hold
     * (commands wait there unwritten); the test holds the loop until it frees it.
     */
    private HeldSet giveUpAHeldSet(RedisCommands<String, String> commands) throws Exception {
        Connection connection = ClientCoreAccess.of(redis).node().all()[0];
        CallerDrivenLoop loop = holdTheLoop(connection);
        connection.hold();
        Future<Boolean> idleRightAfter = startInterruptibleSet(commands);
        awaitCallerWaiting();
        loop.run(); // the test holds the loop: this runs the drain the caller's send queued, so the hold takes the SET
        assertThat(connection.queuedCommands()).as("the SET waiting unwritten").isEqualTo(1);
        callerThread.interrupt();
        assertThat(resultOf(idleRightAfter)).as("the caller idle right after giving its SET up").isFalse();
        return new HeldSet(connection, loop);
    }

    /** Starts the caller's SET, expected to end interrupted; the future: whether the caller was idle right after. */
    private Future<Boolean> startInterruptibleSet(RedisCommands<String, String> commands) {
        return caller.submit(() -> {
            assertThatThrownBy(() -> commands.set("interrupted", "value"))
                    .hasCauseInstanceOf(InterruptedException.class);
            Thread.interrupted(); // the wait restored the flag; this thread waits again in later steps
            return ClientCore.callingThreadIdle();
        });
    }

    /** Parked in its wait for the reply (so its send, which queued the drain, has returned): the loop is the test's. */
    private void awaitCallerWaiting() {
        Conditions.await("the caller waiting for its reply", () -> callerThread != null
                && callerThread.getState() == Thread.State.TIMED_WAITING, WITHIN);
    }

    private void awaitCallerIdle(String what) throws Exception {
        onCaller(() -> {
            Conditions.await(what, ClientCore::callingThreadIdle, WITHIN);
            return null;
        });
    }

    /** Runs {@code step} on the caller's thread and returns its result, rethrowing its failure as it is. */
    private <T> T onCaller(Callable<T> step) throws Exception {
        return resultOf(caller.submit(step));
    }

    private static <T> T resultOf(Future<T> step) throws Exception {
        try {
            return step.get(WITHIN.toSeconds() * 2, TimeUnit.SECONDS);
        } catch (ExecutionException failed) {
            if (failed.getCause() instanceof Error error) {
                throw error;
            }
            throw (Exception) failed.getCause();
        }
    }

    /** A key whose commands go, by its slot, to connection {@code index} of two. */
    private static String keyOnConnection(int index) {
        for (int i = 0; ; i++) {
            String key = "ordered-" + i;
            if ((SlotHash.slot(key.getBytes(StandardCharsets.UTF_8)) & 1) == index) {
                return key;
            }
        }
    }

    private long setCalls() {
        Matcher calls = SET_CALLS.matcher(String.valueOf(server.call("INFO", "commandstats")));
        return calls.find() ? Long.parseLong(calls.group(1)) : 0;
    }
}
