package io.fastpath.internal.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.ClientCoreAccess;
import io.fastpath.RedisClient;
import io.fastpath.Teardown;
import io.fastpath.internal.connection.Connection;
import io.fastpath.internal.routing.SlotHash;
import io.fastpath.testkit.Conditions;
import io.fastpath.testkit.FaultProxy;
import io.fastpath.testkit.RedisServer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The congestion detour keeps a thread's order (default I/O-thread path, two connections, against a real server behind
 * a proxy): while a large reply streams in on a key's connection, an idle thread's async SET of the key takes the other
 * connection, and its next SET of the key, sent before the first one's reply, follows it there (its lane,
 * {@link io.fastpath.internal.connection.CallerCommands}) instead of going by key to the congested connection, whose
 * writes still reach the server at once and would run first. The proxy holds the detoured connection's bytes, so the
 * order the server runs them in does not depend on timing.
 */
class CongestionDetourOrderIT {
    private static final Duration WITHIN = Duration.ofSeconds(30);
    /** Above the 256 kB at which a connection counts as receiving a large reply (ConnectionHandler.LARGE_REPLY_BYTES). */
    private static final int LARGE_VALUE_BYTES = 300 * 1024;
    private static final Pattern GET_CALLS = Pattern.compile("cmdstat_get:calls=(\\d+)");

    RedisServer server;
    FaultProxy proxy;
    RedisClient redis;
    ExecutorService caller = Executors.newSingleThreadExecutor(task -> new Thread(task, "detoured-caller"));
    /** SET commands written to a socket so far. */
    final AtomicInteger setsWritten = new AtomicInteger();

    @BeforeEach
    void start() {
        server = RedisServer.start();
        proxy = FaultProxy.inFrontOf(server);
        // No PING and no response-time check: a dripped reply takes long, and a PING could be the sender the proxy holds
        redis = RedisClient.builder().uri(proxy.uri()).connectionsPerNode(2).congestionDetour(true)
                .commandTimeout(WITHIN).pingInterval(Duration.ZERO).responseTimeout(Duration.ZERO)
                .commandListener(new CommandsWritten("SET", setsWritten)).build();
    }

    @AfterEach
    void stop() throws Exception {
        caller.shutdownNow();
        Teardown.closeAll(redis, proxy, server);
    }

    @Test
    void aThreadsSetSentWhileItsDetouredSetOfTheKeyAwaitsItsReplyRunsAfterIt() throws Exception {
        Connection congested = ClientCoreAccess.of(redis).node().all()[0];
        String large = keyOnConnection(0, "large");
        String key = keyOnConnection(0, "ordered");
        String probe = keyOnConnection(0, "probe");
        server.call("SET", large, "x".repeat(LARGE_VALUE_BYTES));

        proxy.drip(); // the server's bytes reach the client one at a time: the large reply streams in for long
        CompletableFuture<String> largeRead = redis.async().get(large);
        Conditions.await("the key's connection receiving the large reply", congested::isCongested, WITHIN);
        proxy.holdNextSender(); // the detoured connection's bytes wait in the proxy

        // Both SETs from one thread (the executor's only one); the first is held before the second is sent
        CompletableFuture<?> first = onCaller(() -> redis.async().set(key, "first")); // idle, its connection congested
        Conditions.await("the detoured SET's connection held by the proxy", proxy::holdsASender, WITHIN);
        CompletableFuture<?> second = onCaller(() -> redis.async().set(key, "second")); // before the first one's reply
        Conditions.await("both SETs written", () -> setsWritten.get() == 2, WITHIN);
        // The congested connection's writes pass the proxy: once a GET sent on it after the SETs has run on the server,
        // so has any SET written there before it
        redis.async().get(probe);
        Conditions.await("the probe GET run by the server", () -> getCalls() == 2, WITHIN);

        proxy.reset();
        CompletableFuture.allOf(first, second).get(WITHIN.toSeconds(), TimeUnit.SECONDS);
        assertThat(largeRead.get(WITHIN.toSeconds(), TimeUnit.SECONDS)).hasSize(LARGE_VALUE_BYTES);
        assertThat(server.call("GET", key)).as("the value the server kept: the second SET's, run last")
                .isEqualTo("second");
    }

    private <T> T onCaller(Callable<T> step) throws Exception {
        return caller.submit(step).get(WITHIN.toSeconds(), TimeUnit.SECONDS);
    }

    /** A key whose commands go, by its slot, to connection {@code index} of two. */
    private static String keyOnConnection(int index, String prefix) {
        for (int i = 0; ; i++) {
            String key = prefix + "-" + i;
            if ((SlotHash.slot(key.getBytes(StandardCharsets.UTF_8)) & 1) == index) {
                return key;
            }
        }
    }

    private long getCalls() {
        Matcher calls = GET_CALLS.matcher(String.valueOf(server.call("INFO", "commandstats")));
        return calls.find() ? Long.parseLong(calls.group(1)) : 0;
    }
}
