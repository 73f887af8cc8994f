package io.fastpath.micrometer;

import io.fastpath.ObservedCommand;

/**
 * The {@code error.type} of a failed command, as OpenTelemetry's database conventions ask: the server's error
 * code for an error reply (WRONGTYPE, ERR...), {@code timeout} for a deadline, and otherwise the exception's
 * class name (io.fastpath.RedisNotSentException, io.fastpath.RedisOutcomeUnknownException...). Never a message.
 */
final class ErrorTypes {
    private ErrorTypes() {}

    static String of(ObservedCommand command) {
        ObservedCommand.Outcome outcome = command.outcome();
        if (outcome == null || outcome == ObservedCommand.Outcome.SUCCESS) {
            return null;
        }
        if (outcome == ObservedCommand.Outcome.SERVER_ERROR) {
            return command.errorCode();
        }
        if (outcome == ObservedCommand.Outcome.TIMEOUT) {
            return "timeout";
        }
        return command.failure().getClass().getName();
    }
}
