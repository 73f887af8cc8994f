package io.fastpath.micrometer;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationConvention;

/** Names and key values of Fastpath's command observations; implement it to change them (see {@link DefaultCommandObservationConvention}). */
public interface CommandObservationConvention extends ObservationConvention<CommandObservationContext> {

    @Override
    default boolean supportsContext(Observation.Context context) {
        return context instanceof CommandObservationContext;
    }
}
