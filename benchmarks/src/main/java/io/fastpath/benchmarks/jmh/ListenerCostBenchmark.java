package io.fastpath.benchmarks.jmh;

import io.fastpath.CommandListener;
import io.fastpath.benchmarks.clients.FastpathMetrics;
import io.lettuce.core.metrics.MicrometerCommandLatencyRecorder;
import io.lettuce.core.metrics.MicrometerOptions;
import io.lettuce.core.protocol.CommandType;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What a command listener costs per command, alone (no network, no server, no other thread in the way): the
 * four calls the client makes for one command (with one clock read; {@link SyntheticCommand} sets realistic
 * durations), against Lettuce's
 * {@link MicrometerCommandLatencyRecorder} recording one command. The end-to-end scenarios (c) and (f) are too
 * noisy on a shared 2-core machine to resolve a few hundred nanoseconds; this isolates them. Run with
 * {@code -prof gc} for bytes allocated per command:
 *
 * <pre>
 * java -cp "benchmarks/target/classes:$(cat benchmarks/target/bench.classpath)" org.openjdk.jmh.Main \
 *     ListenerCostBenchmark -prof gc
 * </pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class ListenerCostBenchmark {

    /** A Fastpath listener and the command it is told about. */
    @State(Scope.Thread)
    public static class Fastpath {
        /**
         * none: the client's own part with a listener set (the clock reads; the listener does nothing);
         * micrometer: {@code MicrometerCommandListener} with the registry's defaults; micrometer-percentiles: with
         * the five client-side percentiles Lettuce's recorder publishes by default; otel: every command a sampled
         * span, batch processor, histogram (the benchmark's {@code --metrics otel} setup); otel-histogram: the
         * listener's default for a command outside any trace (no span, the duration histogram only).
         */
        @Param({"none", "micrometer", "micrometer-percentiles", "otel", "otel-histogram"})
        public String listener;

        final SyntheticCommand command = new SyntheticCommand();
        CommandListener observer;
        private FastpathMetrics metrics;

        @Setup(Level.Trial)
        public void setUp() {
            switch (listener) {
                case "none" -> observer = CommandListener.NONE;
                case "micrometer", "micrometer-percentiles", "otel", "otel-histogram" -> {
                    metrics = FastpathMetrics.create(listener);
                    observer = metrics.listener();
                }
                default -> throw new IllegalArgumentException(listener);
            }
            observer.clientStarted(command);
            observer.connectionOpened(new SyntheticConnection(command.node())); // as the client does before any command
        }

        @TearDown(Level.Trial)
        public void tearDown() {
            if (metrics != null) {
                metrics.close();
            }
        }
    }

    /** Lettuce's recorder with its defaults, and without client-side percentiles. */
    @State(Scope.Thread)
    public static class Lettuce {
        final MicrometerCommandLatencyRecorder defaults =
                new MicrometerCommandLatencyRecorder(new SimpleMeterRegistry(), MicrometerOptions.create());
        final MicrometerCommandLatencyRecorder withoutPercentiles = new MicrometerCommandLatencyRecorder(
                new SimpleMeterRegistry(), MicrometerOptions.builder().targetPercentiles(new double[0]).build());
        final InetSocketAddress local = new InetSocketAddress("127.0.0.1", 50_000);
        final InetSocketAddress remote = new InetSocketAddress("127.0.0.1", 6379);
    }

    /** One command through the listener, as the client drives it. */
    @Benchmark
    public Object fastpathListener(Fastpath state) {
        SyntheticCommand command = state.command;
        CommandListener observer = state.observer;
        command.begin();
        command.attach(observer.commandStarted(command));
        command.written();
        observer.commandWritten(command);
        command.replied();
        observer.replyReceived(command);
        command.completed();
        observer.commandCompleted(command);
        return command.attachment();
    }

    /** One command through Lettuce's recorder with its defaults (first response and completion timers, five percentiles). */
    @Benchmark
    public long lettuceRecorder(Lettuce state) {
        return record(state.defaults, state);
    }

    /** The same without client-side percentiles. */
    @Benchmark
    public long lettuceRecorderWithoutPercentiles(Lettuce state) {
        return record(state.withoutPercentiles, state);
    }

    /** A clock read for the start, as for Fastpath's command, then the recording of the same durations. */
    private static long record(MicrometerCommandLatencyRecorder recorder, Lettuce state) {
        long start = System.nanoTime();
        recorder.recordCommandLatency(state.local, state.remote, CommandType.GET, SyntheticCommand.REPLY_AFTER,
                SyntheticCommand.COMPLETED_AFTER);
        return start;
    }
}
