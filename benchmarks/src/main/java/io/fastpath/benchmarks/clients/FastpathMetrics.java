package io.fastpath.benchmarks.clients;

import io.fastpath.CommandListener;
import io.fastpath.micrometer.MicrometerCommandListener;
import io.fastpath.opentelemetry.OpenTelemetryCommandListener;
import io.fastpath.opentelemetry.SpanMode;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.metrics.InstrumentType;
import io.opentelemetry.sdk.metrics.SdkMeterProvider;
import io.opentelemetry.sdk.metrics.data.AggregationTemporality;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.metrics.export.MetricExporter;
import io.opentelemetry.sdk.metrics.export.PeriodicMetricReader;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.export.BatchSpanProcessor;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import io.opentelemetry.sdk.trace.samplers.Sampler;
import java.time.Duration;
import java.util.Collection;

/**
 * The command listener a benchmark row of Fastpath runs with ({@code --metrics}), and what must be closed
 * with it. Micrometer: {@link MicrometerCommandListener} with its defaults on a {@link SimpleMeterRegistry}:
 * timers as the registry publishes them (no client-side percentiles, as Spring Boot leaves them unless asked;
 * Lettuce's recorder computes five by default, which {@code ListenerCostBenchmark} prices). OpenTelemetry: the
 * SDK with an always-on sampler, every command a span ({@link SpanMode#ALWAYS}: the callers have no parent
 * span), a batch span processor with a queue of 65,536 spans (so none is dropped), and the duration histogram; the exporters discard what they get, so the
 * row measures the client side only.
 */
public final class FastpathMetrics implements AutoCloseable {
    public static final String MICROMETER = "micrometer";
    public static final String OPENTELEMETRY = "otel";
    /** Not a {@code --metrics} mode: the JMH benchmark's like-for-like with Lettuce's default percentiles. */
    public static final String MICROMETER_PERCENTILES = "micrometer-percentiles";
    /** Not a {@code --metrics} mode: what the OpenTelemetry listener's default costs a command outside any trace (the histogram). */
    public static final String OPENTELEMETRY_HISTOGRAM = "otel-histogram";
    /** Lettuce's MicrometerOptions.DEFAULT_TARGET_PERCENTILES. */
    public static final double[] LETTUCE_DEFAULT_PERCENTILES = {0.50, 0.90, 0.95, 0.99, 0.999};

    private final CommandListener listener;
    private final OpenTelemetrySdk sdk;

    private FastpathMetrics(CommandListener listener, OpenTelemetrySdk sdk) {
        this.listener = listener;
        this.sdk = sdk;
    }

    /** The listener to give the client. */
    public CommandListener listener() {
        return listener;
    }

    public static FastpathMetrics create(String mode) {
        switch (mode) {
            case MICROMETER:
                return new FastpathMetrics(MicrometerCommandListener.create(new SimpleMeterRegistry()), null);
            case MICROMETER_PERCENTILES:
                return new FastpathMetrics(MicrometerCommandListener.builder(new SimpleMeterRegistry())
                        .percentiles(LETTUCE_DEFAULT_PERCENTILES).build(), null);
            case OPENTELEMETRY, OPENTELEMETRY_HISTOGRAM:
                OpenTelemetrySdk sdk = OpenTelemetrySdk.builder()
                        .setTracerProvider(SdkTracerProvider.builder().setSampler(Sampler.alwaysOn())
                                // An empty composite exports nowhere; a queue deep enough that no span is dropped at this
                                // rate (the default 2,048 dropped some)
                                .addSpanProcessor(BatchSpanProcessor.builder(SpanExporter.composite())
                                        .setMaxQueueSize(1 << 16).build()).build())
                        .setMeterProvider(SdkMeterProvider.builder().registerMetricReader(
                                PeriodicMetricReader.builder(new DiscardingMetrics()).setInterval(Duration.ofSeconds(10)).build()).build())
                        .build();
                SpanMode spans = mode.equals(OPENTELEMETRY) ? SpanMode.ALWAYS : SpanMode.WITH_SAMPLED_PARENT;
                return new FastpathMetrics(OpenTelemetryCommandListener.builder(sdk).spans(spans).build(), sdk);
            default:
                throw new IllegalArgumentException("unknown metrics mode " + mode + "; known: micrometer, otel");
        }
    }

    /** The row label's suffix: what differs from the client's default. */
    public static String label(String mode) {
        return mode.equals(MICROMETER) ? " + micrometer" : " + opentelemetry (every command traced)";
    }

    @Override
    public void close() {
        if (sdk != null) {
            sdk.close();
        }
    }

    private static final class DiscardingMetrics implements MetricExporter {
        @Override
        public CompletableResultCode export(Collection<MetricData> metrics) {
            return CompletableResultCode.ofSuccess();
        }

        @Override
        public CompletableResultCode flush() {
            return CompletableResultCode.ofSuccess();
        }

        @Override
        public CompletableResultCode shutdown() {
            return CompletableResultCode.ofSuccess();
        }

        @Override
        public AggregationTemporality getAggregationTemporality(InstrumentType instrumentType) {
            return AggregationTemporality.CUMULATIVE;
        }
    }
}
