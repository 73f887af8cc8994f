package io.fastpath.spring;

import io.fastpath.command.Command;
import java.util.function.Function;
import org.springframework.data.redis.connection.RedisConnection;

/**
 * Builds a command through the blocking SPI without sending it, so each command's words and reply conversion are
 * written once (in the {@code Fastpath*Commands} groups) and the reactive groups send the very same command through
 * fastpath-reactor. One per thread: {@link #record} runs the call on this thread's recording connection and takes
 * what it built at once, before anything else can run on the thread. A call must name a method the Fastpath group
 * implements itself: a default method of Spring's interface that reworks its result (such as {@code exists(byte[])},
 * which turns a count into a Boolean) would hand over the inner method's command and converter, and lose the rework.
 * Caller thread only.
 */
final class CommandRecorder {
    private static final ThreadLocal<CommandRecorder> RECORDERS = ThreadLocal.withInitial(CommandRecorder::new);

    private final FastpathConnection connection = new FastpathConnection(this);
    // Caller thread only: what the last call built.
    private Command<?> command;
    private Function<?, ?> converter;
    private boolean status;

    private CommandRecorder() {}

    /**
     * The command {@code call} builds on a recording connection (whose methods all return null), with the converter
     * the blocking method applies to its reply. Wrong arguments throw here, before anything is sent.
     */
    static <R> Recorded<R> record(Function<? super RedisConnection, R> call) {
        CommandRecorder recorder = RECORDERS.get();
        recorder.command = null;
        call.apply(recorder.connection);
        Command<?> built = recorder.command;
        if (built == null) {
            throw new IllegalStateException("the call built no command"); // a group method that sends nothing: a bug here
        }
        recorder.command = null;
        @SuppressWarnings("unchecked")
        Recorded<R> recorded = new Recorded<>((Command<Object>) built, (Function<Object, R>) recorder.converter, recorder.status);
        recorder.converter = null;
        return recorded;
    }

    /** Called by the recording connection instead of sending. */
    void capture(Command<?> command, Function<?, ?> converter, boolean status) {
        this.command = command;
        this.converter = converter;
        this.status = status;
    }

    /**
     * One built command: its reply converted by {@code converter} gives what the blocking method returns; {@code status}
     * marks the SPI's void methods, whose converter leaves the reply as it is.
     */
    record Recorded<R>(Command<Object> command, Function<Object, R> converter, boolean status) {}
}
