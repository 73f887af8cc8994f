package io.fastpath.benchmarks.spring;

import io.fastpath.RedisClient;
import io.fastpath.benchmarks.BenchContext;
import io.fastpath.benchmarks.BenchOptions;
import io.fastpath.benchmarks.CpuClock;
import io.fastpath.benchmarks.Format;
import io.fastpath.benchmarks.Row;
import io.fastpath.benchmarks.Scenario;
import io.fastpath.benchmarks.Table;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * (k) Seed 001's job: {@code --count} {@code opsForValue().set} of 100-byte values through {@code StringRedisTemplate},
 * (1) in a plain loop as the seed wrote it, (2) with {@code executePipelined} in batches of 1,000, (3) from 8
 * threads sharing one template, and (4) as {@code opsForValue().multiSet} of 1,000 pairs at a time; each with this
 * JVM's CPU per SET; per Spring connection factory, and Fastpath's native async API (1,000 in flight) as
 * the reference for (2). {@code --spring-modes} runs some of the four modes only; {@code --clients fastpath-callerio}
 * adds Fastpath's factory on a client with caller-driven I/O. A sampler reads {@code CLIENT LIST} on its own connection throughout, so each row shows the
 * most connections the factory held open at once and how many it opened while measured.
 */
public final class SpringTemplateScenario implements Scenario {
    static final int BATCH = 1_000;
    static final int THREADS = 8;
    private static final String VALUE = "x".repeat(100);

    @Override
    public String id() {
        return "k";
    }

    @Override
    public boolean sweepsFastpathConnections() {
        return true;
    }

    @Override
    public String title() {
        return "(k) opsForValue().set through RedisTemplate: plain loop, executePipelined, 8 threads, multiSet (seed 001)";
    }

    @Override
    public List<Row> runRound(BenchContext context, List<String> clients) {
        List<Row> rows = new ArrayList<>();
        String host = "127.0.0.1";
        int port = context.server().port();
        int count = context.options().bulkCount;
        List<String> modes = context.options().springModes;
        boolean referenceMeasured = !modes.contains("pipelined"); // the reference is for executePipelined alone
        for (String client : clients) {
            for (Supplier<TemplateFactories> setup : TemplateFactories.forClient(client, host, port)) {
                context.prepareServer(admin -> { });
                rows.add(context.withClient(client, setup, factories -> factories.label,
                        factories -> measure(factories.label, factories.template, modes, host, port, count,
                                context.options().springWarmUp)));
            }
            if (client.startsWith("fastpath") && !referenceMeasured) {
                referenceMeasured = true; // once, beside the first Fastpath row of a --fastpath-connections sweep
                context.prepareServer(admin -> { });
                rows.add(context.withClient("fastpath-async", () -> RedisClient.builder()
                        .uri("redis://" + host + ":" + port).clientName("bench-j").build(),
                        redis -> "Fastpath native async API (reference)", redis -> nativeAsync(redis, host, port, count)));
            }
        }
        return rows;
    }

    private static Row measure(String label, StringRedisTemplate template, List<String> modes, String host, int port, int count,
                               int warmUp) {
        template.opsForValue().set("warm", VALUE); // connects the factory before anything is counted
        // Every mode once unmeasured first: else the first factory measured pays for compiling Spring's own code
        // (the template, serializers, multiSet's map) that the rows after it find compiled
        modes(new Row(label), template, modes, Math.min(count, warmUp), null);
        try (ConnectionSampler sampler = ConnectionSampler.start(host, port, "bench-j")) {
            Row row = modes(new Row(label), template, modes, count, sampler);
            long opened = sampler.stopAndCountOpened();
            return row.metric("max-connections", sampler.maxOpen()).metric("opened", opened);
        }
    }

    /**
     * The modes named in {@code modes} ({@code --spring-modes}, default all four), always in this order; with a sampler,
     * the server's CPU over the 8-thread mode too.
     */
    private static Row modes(Row row, StringRedisTemplate template, List<String> modes, int count, ConnectionSampler sampler) {
        if (modes.contains("loop")) {
            timed(row, "loop", count, () -> {
                for (int i = 0; i < count; i++) {
                    template.opsForValue().set("j:" + i, VALUE);
                }
            });
        }
        if (modes.contains("pipelined")) {
            timed(row, "pipelined", count, () -> {
                for (int from = 0; from < count; from += BATCH) {
                    int first = from;
                    template.executePipelined((RedisCallback<Object>) connection -> {
                        for (int i = first; i < first + BATCH && i < count; i++) {
                            connection.stringCommands().set(("j:" + i).getBytes(), VALUE.getBytes());
                        }
                        return null;
                    });
                }
            });
        }
        if (modes.contains("threads")) {
            double serverCpuBefore = sampler == null ? 0 : sampler.serverCpuMicros();
            timed(row, "threads", count, () -> threaded(template, count));
            if (sampler != null) {
                row.metric("threads-server-cpu", (sampler.serverCpuMicros() - serverCpuBefore) / count);
            }
        }
        if (modes.contains("multiset")) {
            timed(row, "multiset", count, () -> {
                for (int from = 0; from < count; from += BATCH) {
                    Map<String, String> pairs = new HashMap<>();
                    for (int i = from; i < from + BATCH && i < count; i++) {
                        pairs.put("j:" + i, VALUE);
                    }
                    template.opsForValue().multiSet(pairs);
                }
            });
        }
        return row;
    }

    /** Runs one mode: its SETs per second as {@code metric}, and this JVM's CPU (every thread) per SET as {@code metric-client-cpu}. */
    private static void timed(Row row, String metric, int count, Runnable mode) {
        long cpuBefore = CpuClock.processCpuNanos();
        long start = System.nanoTime();
        mode.run();
        row.metric(metric, count / seconds(start));
        row.metric(metric + "-client-cpu", (CpuClock.processCpuNanos() - cpuBefore) / 1000.0 / count);
    }

    private static void threaded(StringRedisTemplate template, int count) {
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                int thread = t;
                done.add(pool.submit(() -> {
                    for (int i = thread; i < count; i += THREADS) {
                        template.opsForValue().set("j:" + i, VALUE);
                    }
                }));
            }
            for (Future<?> each : done) {
                each.get();
            }
        } catch (Exception failed) {
            throw new IllegalStateException("a template thread failed", failed);
        } finally {
            pool.shutdownNow();
        }
    }

    private static Row nativeAsync(RedisClient redis, String host, int port, int count) {
        redis.set("warm", VALUE);
        try (ConnectionSampler sampler = ConnectionSampler.start(host, port, "bench-j")) {
            long start = System.nanoTime();
            CompletableFuture<?>[] window = new CompletableFuture<?>[BATCH];
            for (int i = 0; i < count; i++) {
                CompletableFuture<?> previous = window[i % BATCH];
                if (previous != null) {
                    previous.join();
                }
                window[i % BATCH] = redis.async().set("j:" + i, VALUE);
            }
            for (CompletableFuture<?> last : window) {
                if (last != null) {
                    last.join();
                }
            }
            double async = count / seconds(start);
            long opened = sampler.stopAndCountOpened();
            return new Row("Fastpath native async API (reference)").metric("pipelined", async)
                    .metric("max-connections", sampler.maxOpen()).metric("opened", opened);
        }
    }

    private static double seconds(long startNanos) {
        return (System.nanoTime() - startNanos) / 1e9;
    }

    @Override
    public Table table(List<Row> rows, BenchContext context) {
        double nativeAsync = Format.reference(rows, "Fastpath native async API (reference)", "pipelined");
        Table table = new Table(title(), List.of("factory", "plain loop SETs/s (client µs/SET)",
                "executePipelined SETs/s (client µs/SET)", "8 threads SETs/s (client / server µs/SET)",
                "multiSet x1,000 pairs/s (client µs/pair)", "pipelined vs native async", "max connections open",
                "connections opened"));
        for (Row row : rows) {
            String error = row.text("error");
            table.row(List.of(row.label() + (error.isEmpty() ? "" : " (" + error + ")"), withCpu(row, "loop"),
                    withCpu(row, "pipelined"), threads(row), withCpu(row, "multiset"),
                    row.label().startsWith("Fastpath native") ? "1.00x" : Format.ratio(row.metric("pipelined"), nativeAsync),
                    Format.count(row.metric("max-connections")), Format.count(row.metric("opened"))));
        }
        List<String> modes = context.options().springModes;
        String only = modes.equals(BenchOptions.SPRING_MODES) ? "" : " (modes run: " + String.join(", ", modes) + ")";
        return table.note(context.options().bulkCount + " SETs of 100 bytes per mode" + only + "; executePipelined in batches of " + BATCH
                        + "; 8 threads share one template and split the keys; multiSet: opsForValue().multiSet of "
                        + BATCH + " pairs (one MSET) at a time. Client CPU per SET or pair: this JVM's (every thread of"
                        + " it) over the mode; server CPU: redis-server's own (INFO cpu) over the 8-thread mode. Before each"
                        + " factory's measured pass, one unmeasured pass of every mode (" + Math.min(context.options().bulkCount,
                        context.options().springWarmUp) + " SETs) warms the JIT.")
                .note("Connections: CLIENT LIST sampled every " + ConnectionSampler.INTERVAL_MILLIS + " ms on the benchmark's own"
                        + " connection during the four modes (the factory was connected first); \"opened\" is the server's"
                        + " total_connections_received over the same time."
                );
    }

    private static String withCpu(Row row, String metric) {
        double client = row.metric(metric + "-client-cpu");
        String cpu = Double.isNaN(client) || client == 0 ? "" : String.format(" (%.2f)", client);
        return count(row, metric) + cpu;
    }

    private static String threads(Row row) {
        double client = row.metric("threads-client-cpu");
        return Double.isNaN(client) || client == 0 ? count(row, "threads")
                : count(row, "threads") + String.format(" (%.1f / %.1f)", client, row.metric("threads-server-cpu"));
    }

    private static String count(Row row, String metric) {
        double value = row.metric(metric);
        return Double.isNaN(value) || value == 0 ? Format.NOT_APPLICABLE : Format.count(value);
    }
}
