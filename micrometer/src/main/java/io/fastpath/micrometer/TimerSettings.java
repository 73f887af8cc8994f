package io.fastpath.micrometer;

import io.micrometer.core.instrument.Timer;
import java.time.Duration;

/**
 * How the command timers publish their distribution: client-side percentiles, a percentile histogram (for
 * server-side aggregation, e.g. Prometheus {@code histogram_quantile}), service-level objectives, and the
 * expected range. Left unset, the registry's own configuration decides (Spring Boot's
 * {@code management.metrics.distribution.*} for the {@code fastpath} prefix applies either way).
 */
record TimerSettings(double[] percentiles, Boolean histogram, Duration[] serviceLevelObjectives, Duration minimum,
                     Duration maximum) {

    static final TimerSettings DEFAULT = new TimerSettings(new double[0], null, new Duration[0], null, null);

    Timer.Builder apply(Timer.Builder timer) {
        if (percentiles.length > 0) {
            timer.publishPercentiles(percentiles);
        }
        if (histogram != null) {
            timer.publishPercentileHistogram(histogram);
        }
        if (serviceLevelObjectives.length > 0) {
            timer.serviceLevelObjectives(serviceLevelObjectives);
        }
        if (minimum != null) {
            timer.minimumExpectedValue(minimum);
        }
        if (maximum != null) {
            timer.maximumExpectedValue(maximum);
        }
        return timer;
    }
}
