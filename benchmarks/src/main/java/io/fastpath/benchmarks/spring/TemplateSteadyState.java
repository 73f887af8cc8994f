package io.fastpath.benchmarks.spring;

import io.fastpath.benchmarks.CpuClock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * One mode of scenario (k) through one factory's template for a fixed time, against a server already running, printing
 * SETs (or pairs) per second and this JVM's CPU per SET every 5 s: the steady state the scenario's short rows do not
 * reach on a loaded machine, and a process to attach async-profiler or {@code perf stat} to.
 * Usage: {@code TemplateSteadyState fastpath|fastpath-callerio|lettuce|lettuce-pooled|jedis multiset|pipelined|loop|threads
 * PORT SECONDS}; {@code threads} is (k)'s 8 threads sharing the template, {@code loop} its plain loop.
 */
public final class TemplateSteadyState {
    private static final String VALUE = "x".repeat(100);
    private static final long REPORT_NANOS = 5_000_000_000L;
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();

    private TemplateSteadyState() {}

    public static void main(String[] args) throws InterruptedException {
        String factory = args[0];
        String mode = args[1];
        int port = Integer.parseInt(args[2]);
        long end = System.nanoTime() + Long.parseLong(args[3]) * 1_000_000_000L;
        try (TemplateFactories factories = switch (factory) {
            case "fastpath" -> TemplateFactories.fastpath("127.0.0.1", port, 0);
            case "fastpath-callerio" -> TemplateFactories.fastpathCallerDriven("127.0.0.1", port, 0);
            case "jedis" -> TemplateFactories.jedis("127.0.0.1", port);
            case "lettuce" -> TemplateFactories.lettuce("127.0.0.1", port, false);
            case "lettuce-pooled" -> TemplateFactories.lettuce("127.0.0.1", port, true);
            default -> throw new IllegalArgumentException("unknown factory " + factory);
        }) {
            StringRedisTemplate template = factories.template;
            template.opsForValue().set("warm", VALUE);
            LongAdder sets = new LongAdder();
            int callers = mode.equals("threads") ? SpringTemplateScenario.THREADS : 1;
            List<Thread> threads = new ArrayList<>();
            for (int t = 0; t < callers; t++) {
                int offset = t;
                Thread caller = new Thread(() -> run(template, mode, offset, callers, end, sets), "template-" + t);
                caller.start();
                threads.add(caller);
            }
            report(factory, mode, end, sets, threads);
            for (Thread caller : threads) {
                caller.join();
            }
        }
    }

    /** One caller's share of {@code mode} until {@code end}, counting each SET (or pair) in {@code sets}. */
    private static void run(StringRedisTemplate template, String mode, int offset, int callers, long end, LongAdder sets) {
        int batch = SpringTemplateScenario.BATCH;
        for (int first = 0; System.nanoTime() < end; first = (first + batch) % 100_000) {
            switch (mode) {
                case "multiset" -> {
                    Map<String, String> pairs = new HashMap<>();
                    for (int i = first; i < first + batch; i++) {
                        pairs.put("j:" + i, VALUE);
                    }
                    template.opsForValue().multiSet(pairs);
                }
                case "pipelined" -> {
                    int from = first;
                    template.executePipelined((RedisCallback<Object>) connection -> {
                        for (int i = from; i < from + batch; i++) {
                            connection.stringCommands().set(("j:" + i).getBytes(), VALUE.getBytes());
                        }
                        return null;
                    });
                }
                case "loop", "threads" -> { // the callers split each batch's keys, as (k)'s 8 threads split theirs
                    for (int i = first + offset; i < first + batch; i += callers) {
                        template.opsForValue().set("j:" + i, VALUE);
                    }
                }
                default -> throw new IllegalArgumentException("unknown mode " + mode);
            }
            sets.add(mode.equals("loop") || mode.equals("threads") ? batch / callers : batch);
        }
    }

    /**
     * Prints the rate, this JVM's CPU per SET and the bytes the callers' threads allocated per SET (with caller-driven
     * I/O their reads and writes too) of every 5 s window until {@code end}.
     */
    private static void report(String factory, String mode, long end, LongAdder sets, List<Thread> callers)
            throws InterruptedException {
        long[] ids = callers.stream().mapToLong(Thread::getId).toArray();
        long windowStart = System.nanoTime();
        long cpuStart = CpuClock.processCpuNanos();
        long allocatedStart = allocated(ids);
        while (System.nanoTime() < end) {
            Thread.sleep(REPORT_NANOS / 1_000_000); // the reporter's pace, not a wait for a condition
            long now = System.nanoTime();
            long cpu = CpuClock.processCpuNanos();
            long allocatedNow = allocated(ids);
            long done = sets.sumThenReset();
            System.out.printf("%s %s: %.0f SETs/s, %.3f µs client CPU per SET, %.0f B allocated per SET%n", factory, mode,
                    done / ((now - windowStart) / 1e9), (cpu - cpuStart) / 1000.0 / done,
                    (allocatedNow - allocatedStart) / (double) done);
            windowStart = now;
            cpuStart = cpu;
            allocatedStart = allocatedNow;
        }
    }

    /** Bytes allocated so far by the threads {@code ids} (a thread that ended counts as -1: left out). */
    private static long allocated(long[] ids) {
        long total = 0;
        for (long bytes : THREADS.getThreadAllocatedBytes(ids)) {
            total += Math.max(0, bytes);
        }
        return total;
    }
}
