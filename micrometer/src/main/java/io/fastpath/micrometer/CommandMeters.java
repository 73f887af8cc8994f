package io.fastpath.micrometer;

import io.fastpath.ObservedCommand;
import io.micrometer.core.instrument.Timer;
import java.util.Locale;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The timers of one command name on one node: the completion timer per outcome (and per error code for
 * server errors), made on first use, and the first-response timer. A successful command finds its timer
 * with one field read.
 */
final class CommandMeters {
    private static final ObservedCommand.Outcome[] OUTCOMES = ObservedCommand.Outcome.values();

    private final NodeMeters node;
    private final String command;
    private final Timer success;
    final Timer firstResponse;
    /** Completion timers of the outcomes without an error code, by ordinal. */
    private final AtomicReferenceArray<Timer> byOutcome = new AtomicReferenceArray<>(OUTCOMES.length);
    /** Completion timers of server errors (by code) and client errors (by exception type). */
    private final ConcurrentHashMap<String, Timer> byError = new ConcurrentHashMap<>();

    CommandMeters(NodeMeters node, String command) {
        this.node = node;
        this.command = command;
        this.success = completionTimer(ObservedCommand.Outcome.SUCCESS, "none");
        this.firstResponse = node.firstResponse() ? node.register(node.timers().apply(Timer.builder(MeterNames.COMMAND_FIRST_RESPONSE)
                        .description("Time from the call to the command's decoded reply")
                        .tags(node.tags()).tag("command", command))
                .register(node.registry())) : null;
    }

    Timer completion(ObservedCommand observed) {
        ObservedCommand.Outcome outcome = observed.outcome();
        if (outcome == ObservedCommand.Outcome.SUCCESS) {
            return success;
        }
        if (outcome == ObservedCommand.Outcome.SERVER_ERROR || outcome == ObservedCommand.Outcome.CLIENT_ERROR) {
            String error = outcome == ObservedCommand.Outcome.SERVER_ERROR ? observed.errorCode()
                    : observed.failure().getClass().getSimpleName();
            Timer timer = byError.get(error);
            return timer != null ? timer : byError.computeIfAbsent(error, code -> completionTimer(outcome, code));
        }
        Timer timer = byOutcome.get(outcome.ordinal());
        if (timer == null) {
            byOutcome.compareAndSet(outcome.ordinal(), null, completionTimer(outcome, "none"));
            timer = byOutcome.get(outcome.ordinal());
        }
        return timer;
    }

    private Timer completionTimer(ObservedCommand.Outcome outcome, String error) {
        return node.register(node.timers().apply(Timer.builder(MeterNames.COMMAND_COMPLETION)
                        .description("Time from the call to the command's completion, as its caller saw it")
                        .tags(node.tags()).tag("command", command)
                        .tag("outcome", outcome.name().toLowerCase(Locale.ROOT)).tag("error", error))
                .register(node.registry()));
    }
}
