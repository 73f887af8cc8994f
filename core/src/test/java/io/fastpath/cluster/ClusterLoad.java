package io.fastpath.cluster;

import io.fastpath.RedisClient;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntFunction;

/**
 * Callers that each own a set of keys and loop: SET key to a fresh value, GET it back, and check the
 * reply is exactly what this caller wrote; every tenth round also an MGET of three of its keys.
 * Errors are collected; a wrong reply is recorded apart.
 */
final class ClusterLoad implements AutoCloseable {
    final ConcurrentLinkedQueue<Throwable> errors = new ConcurrentLinkedQueue<>();
    final ConcurrentLinkedQueue<String> wrongReplies = new ConcurrentLinkedQueue<>();
    final AtomicLong succeeded = new AtomicLong();
    private final AtomicBoolean stop = new AtomicBoolean();
    private final ExecutorService threads;
    private final List<Future<Map<String, String>>> callers = new ArrayList<>();

    /** {@code keysOfCaller} gives each caller its own keys; the first full pass is written before this returns. */
    ClusterLoad(RedisClient client, int callerCount, IntFunction<List<String>> keysOfCaller) throws Exception {
        threads = Executors.newFixedThreadPool(callerCount);
        List<Future<?>> firstPass = new ArrayList<>();
        List<List<String>> keys = new ArrayList<>();
        for (int caller = 0; caller < callerCount; caller++) {
            keys.add(keysOfCaller.apply(caller));
            for (String key : keys.get(caller)) {
                client.set(key, "initial");
            }
        }
        for (int caller = 0; caller < callerCount; caller++) {
            List<String> own = keys.get(caller);
            int id = caller;
            callers.add(threads.submit(() -> run(client, id, own)));
        }
    }

    private Map<String, String> run(RedisClient client, int caller, List<String> keys) {
        Map<String, String> expected = new HashMap<>();
        for (String key : keys) {
            expected.put(key, "initial");
        }
        long iteration = 0;
        while (!stop.get()) {
            String key = keys.get((int) (iteration % keys.size()));
            String value = "c" + caller + ":" + iteration++;
            try {
                client.set(key, value);
                expected.put(key, value);
                String read = client.get(key);
                if (!value.equals(read)) {
                    wrongReplies.add(key + ": wrote " + value + ", read " + read);
                } else {
                    succeeded.incrementAndGet();
                }
                if (iteration % 10 == 0 && keys.size() >= 3) {
                    List<String> some = List.of(keys.get(0), keys.get(keys.size() / 2), keys.get(keys.size() - 1));
                    List<String> values = client.mget(some);
                    for (int i = 0; i < some.size(); i++) {
                        String wanted = expected.get(some.get(i));
                        if (wanted != null && !wanted.equals(values.get(i))) {
                            wrongReplies.add("MGET " + some.get(i) + ": expected " + wanted + ", read " + values.get(i));
                        }
                    }
                }
            } catch (RuntimeException failure) {
                errors.add(failure);
                expected.put(key, null); // outcome unknown: the final check skips this key until it is written again
            }
        }
        return expected;
    }

    /** Stops the callers and returns every key's last acknowledged value (null when its last write failed). */
    Map<String, String> stop() throws Exception {
        stop.set(true);
        Map<String, String> all = new HashMap<>();
        for (Future<Map<String, String>> caller : callers) {
            all.putAll(caller.get(60, TimeUnit.SECONDS));
        }
        return all;
    }

    @Override
    public void close() {
        stop.set(true);
        threads.shutdownNow();
    }
}
