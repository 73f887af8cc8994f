package io.fastpath.benchmarks.spring;

import io.fastpath.RedisClient;
import io.fastpath.benchmarks.BenchContext;
import io.fastpath.benchmarks.CpuClock;
import io.fastpath.benchmarks.Format;
import io.fastpath.benchmarks.Row;
import io.fastpath.benchmarks.Scenario;
import io.fastpath.benchmarks.Table;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * (k) Seed 001's job: {@code --count} {@code opsForValue().set} of 100-byte values through {@code StringRedisTemplate},
 * (1) in a plain loop as the seed wrote it, (2) with {@code executePipelined} in batches of 1,000, and (3) from 8
 * threads sharing one template; per Spring connection factory, and Fastpath's native async API (1,000 in flight) as
 * the reference for (2). A sampler reads {@code CLIENT LIST} on its own connection throughout, so each row shows the
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
        return "(k) opsForValue().set through RedisTemplate: plain loop, executePipelined, 8 threads (seed 001)";
    }

    @Override
    public List<Row> runRound(BenchContext context, List<String> clients) {
        List<Row> rows = new ArrayList<>();
        String host = "127.0.0.1";
        int port = context.server().port();
        int count = context.options().bulkCount;
        boolean referenceMeasured = false;
        for (String client : clients) {
            for (Supplier<TemplateFactories> setup : TemplateFactories.forClient(client, host, port)) {
                context.prepareServer(admin -> { });
                rows.add(context.withClient(client, setup, factories -> factories.label,
                        factories -> measure(factories.label, factories.template, host, port, count)));
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

    private static Row measure(String label, StringRedisTemplate template, String host, int port, int count) {
        template.opsForValue().set("warm", VALUE); // connects the factory before anything is counted
        try (ConnectionSampler sampler = ConnectionSampler.start(host, port, "bench-j")) {
            long start = System.nanoTime();
            for (int i = 0; i < count; i++) {
                template.opsForValue().set("j:" + i, VALUE);
            }
            double loop = count / seconds(start);
            start = System.nanoTime();
            for (int from = 0; from < count; from += BATCH) {
                int first = from;
                template.executePipelined((RedisCallback<Object>) connection -> {
                    for (int i = first; i < first + BATCH && i < count; i++) {
                        connection.stringCommands().set(("j:" + i).getBytes(), VALUE.getBytes());
                    }
                    return null;
                });
            }
            double pipelined = count / seconds(start);
            long clientCpuBefore = CpuClock.processCpuNanos();
            double serverCpuBefore = sampler.serverCpuMicros();
            double threads = threaded(template, count);
            double threadsClientCpu = (CpuClock.processCpuNanos() - clientCpuBefore) / 1000.0 / count;
            double threadsServerCpu = (sampler.serverCpuMicros() - serverCpuBefore) / count;
            long opened = sampler.stopAndCountOpened();
            return new Row(label).metric("loop", loop).metric("pipelined", pipelined).metric("threads", threads)
                    .metric("threads-client-cpu", threadsClientCpu).metric("threads-server-cpu", threadsServerCpu)
                    .metric("max-connections", sampler.maxOpen()).metric("opened", opened);
        }
    }

    private static double threaded(StringRedisTemplate template, int count) {
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        try {
            long start = System.nanoTime();
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
            return count / seconds(start);
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
        Table table = new Table(title(), List.of("factory", "plain loop sets/s", "executePipelined sets/s",
                "8 threads sets/s", "8 threads CPU µs/SET: client / server", "pipelined vs native async", "max connections open", "connections opened"));
        for (Row row : rows) {
            String error = row.text("error");
            table.row(List.of(row.label() + (error.isEmpty() ? "" : " (" + error + ")"), count(row, "loop"),
                    count(row, "pipelined"), count(row, "threads"), cpu(row),
                    row.label().startsWith("Fastpath native") ? "1.00x" : Format.ratio(row.metric("pipelined"), nativeAsync),
                    Format.count(row.metric("max-connections")), Format.count(row.metric("opened"))));
        }
        return table.note(context.options().bulkCount + " SETs of 100 bytes per mode; executePipelined in batches of " + BATCH
                        + "; 8 threads share one template and split the keys. CPU per SET in the 8-thread mode: this JVM's"
                        + " (every thread of it) and redis-server's own (INFO cpu), over the same time.")
                .note("Connections: CLIENT LIST sampled every " + ConnectionSampler.INTERVAL_MILLIS + " ms on the benchmark's own"
                        + " connection during the three modes (the factory was connected first); \"opened\" is the server's"
                        + " total_connections_received over the same time."
                );
    }

    private static String cpu(Row row) {
        double client = row.metric("threads-client-cpu");
        return Double.isNaN(client) || client == 0 ? Format.NOT_APPLICABLE
                : String.format("%.1f / %.1f", client, row.metric("threads-server-cpu"));
    }

    private static String count(Row row, String metric) {
        double value = row.metric(metric);
        return Double.isNaN(value) || value == 0 ? Format.NOT_APPLICABLE : Format.count(value);
    }
}
