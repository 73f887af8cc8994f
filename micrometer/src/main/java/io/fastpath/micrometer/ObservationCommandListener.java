package io.fastpath.micrometer;

import io.fastpath.CommandListener;
import io.fastpath.ObservedCommand;
import io.fastpath.RedisClientBuilder;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import java.util.Objects;

/**
 * Each command as a Micrometer {@link Observation}: a {@link CommandListener} for
 * {@link RedisClientBuilder#commandListener}. With Spring Boot's actuator the observation registry turns it
 * into the timer {@code fastpath.command} (and {@code fastpath.command.active}); with Micrometer Tracing
 * into a CLIENT span named after the command, child of the observation current on the calling thread.
 *
 * <pre>{@code
 * RedisClient redis = RedisClient.builder().uri("redis://cache:6379")
 *         .commandListener(new ObservationCommandListener(observationRegistry))
 *         .build();
 * }</pre>
 *
 * <p>The observation starts on the thread that sends the command (its parent is that thread's current
 * observation) and stops on the thread that completes it, before the caller sees the result; no scope is
 * opened. A failure is reported with {@link Observation#error} as a {@link CommandFailure} carrying only the
 * error type (a server message may quote argument values). Key names: {@link DefaultCommandObservationConvention}.
 * Every command observed costs what the registry's handlers cost: use {@link MicrometerCommandListener} for
 * metrics alone.
 */
public final class ObservationCommandListener implements CommandListener {
    private static final CommandObservationConvention DEFAULT = new DefaultCommandObservationConvention();

    private final ObservationRegistry registry;
    private final CommandObservationConvention convention;
    private final boolean queryText;

    /** With the default convention, without the query text. */
    public ObservationCommandListener(ObservationRegistry registry) {
        this(registry, null, false);
    }

    /**
     * @param convention replaces the default names and key values; null keeps them
     * @param queryText add {@code db.query.text}: the command with its keys, every other argument as {@code ?}
     *     (keys may carry user data: opt in knowingly)
     */
    public ObservationCommandListener(ObservationRegistry registry, CommandObservationConvention convention, boolean queryText) {
        this.registry = Objects.requireNonNull(registry, "registry");
        this.convention = convention;
        this.queryText = queryText;
    }

    @Override
    public Object commandStarted(ObservedCommand command) {
        if (registry.isNoop()) {
            return null;
        }
        CommandObservationContext context = new CommandObservationContext(command, queryText ? command.queryText(true) : null);
        return Observation.createNotStarted(convention, DEFAULT, () -> context, registry)
                .parentObservation(registry.getCurrentObservation())
                .start();
    }

    @Override
    public void commandCompleted(ObservedCommand command) {
        if (!(command.attachment() instanceof Observation observation)) {
            return;
        }
        if (observation.getContext() instanceof CommandObservationContext context) {
            context.completed(command);
            if (context.errorType() != null) {
                observation.error(new CommandFailure(context.errorType()));
            }
        }
        observation.stop();
    }

    /** The failure an observation reports: the error type alone, no message from the server, no stack. */
    public static final class CommandFailure extends RuntimeException {
        private static final long serialVersionUID = 1L;

        CommandFailure(String errorType) {
            super(errorType, null, false, false);
        }
    }
}
