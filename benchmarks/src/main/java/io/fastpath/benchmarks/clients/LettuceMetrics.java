package io.fastpath.benchmarks.clients;

import io.lettuce.core.metrics.MicrometerCommandLatencyRecorder;
import io.lettuce.core.metrics.MicrometerOptions;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.DefaultClientResources;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;

/**
 * Lettuce's own Micrometer support, as its reference guide sets it up: {@link MicrometerCommandLatencyRecorder}
 * with {@link MicrometerOptions#create()} (its defaults: timers {@code lettuce.command.completion} and
 * {@code lettuce.command.firstresponse}, client-side percentiles 0.5 to 0.999) on a {@link SimpleMeterRegistry},
 * the same registry type Fastpath's rows use.
 */
public final class LettuceMetrics {
    public static final String LABEL = " + micrometer";

    private LettuceMetrics() {}

    /** Client resources recording every command's latency; the client must shut them down. */
    public static ClientResources resources() {
        return DefaultClientResources.builder()
                .commandLatencyRecorder(new MicrometerCommandLatencyRecorder(new SimpleMeterRegistry(), MicrometerOptions.create()))
                .build();
    }
}
