package io.fastpath.benchmarks.spring;

import io.fastpath.benchmarks.CpuClock;
import java.util.HashMap;
import java.util.Map;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * One mode of scenario (k) through one factory's template for a fixed time, against a server already running, printing
 * SETs (or pairs) per second and this JVM's CPU per SET every 5 s: the steady state the scenario's short rows do not
 * reach on a loaded machine, and a process to attach async-profiler to ({@code -agentpath:...=start,event=itimer,...}).
 * Usage: {@code TemplateSteadyState fastpath|fastpath-callerio|lettuce|lettuce-pooled|jedis multiset|pipelined PORT SECONDS}.
 */
public final class TemplateSteadyState {
    private static final String VALUE = "x".repeat(100);
    private static final long REPORT_NANOS = 5_000_000_000L;

    private TemplateSteadyState() {}

    public static void main(String[] args) {
        String factory = args[0];
        boolean multiSet = args[1].equals("multiset");
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
            long windowStart = System.nanoTime();
            long cpuStart = CpuClock.processCpuNanos();
            long sets = 0;
            for (int first = 0; System.nanoTime() < end; first = (first + SpringTemplateScenario.BATCH) % 100_000) {
                if (multiSet) {
                    Map<String, String> pairs = new HashMap<>();
                    for (int i = first; i < first + SpringTemplateScenario.BATCH; i++) {
                        pairs.put("j:" + i, VALUE);
                    }
                    template.opsForValue().multiSet(pairs);
                } else {
                    int from = first;
                    template.executePipelined((RedisCallback<Object>) connection -> {
                        for (int i = from; i < from + SpringTemplateScenario.BATCH; i++) {
                            connection.stringCommands().set(("j:" + i).getBytes(), VALUE.getBytes());
                        }
                        return null;
                    });
                }
                sets += SpringTemplateScenario.BATCH;
                long now = System.nanoTime();
                if (now - windowStart > REPORT_NANOS) {
                    long cpu = CpuClock.processCpuNanos();
                    System.out.printf("%s %s: %.0f SETs/s, %.3f µs client CPU per SET%n", factory, args[1],
                            sets / ((now - windowStart) / 1e9), (cpu - cpuStart) / 1000.0 / sets);
                    windowStart = now;
                    cpuStart = cpu;
                    sets = 0;
                }
            }
        }
    }
}
