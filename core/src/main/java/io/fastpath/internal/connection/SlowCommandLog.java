package io.fastpath.internal.connection;

import io.fastpath.ObservedCommand;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * {@code RedisClientBuilder.slowCommandLog}: logs (WARNING, through {@code System.Logger}) each command that
 * took at least the threshold from its start to its completion, with the breakdown the client knows: time
 * queued before the first write, on the wire (first write to last reply, redirects and replays included),
 * and from the reply to the caller's completion. Redis does not report its own execution time in a reply,
 * so the server's share is named as unknown (its SLOWLOG has it).
 *
 * <p>At most {@link #LINES_PER_SECOND} lines a second: a stalled server makes every command slow, and the
 * log must not become the next problem; the next line logged says how many were left out.
 *
 * <p>Thread-safe (any completing thread).
 */
final class SlowCommandLog {
    static final String LOGGER_NAME = "io.fastpath.SlowCommands";
    static final int LINES_PER_SECOND = 10;
    private static final System.Logger LOG = System.getLogger(LOGGER_NAME);
    private static final long SECOND_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final long thresholdNanos;
    // Any thread.
    private final AtomicLong windowStartNanos = new AtomicLong(System.nanoTime());
    private final AtomicInteger linesInWindow = new AtomicInteger();
    private final LongAdder suppressed = new LongAdder();

    SlowCommandLog(Duration threshold) {
        this.thresholdNanos = threshold.toNanos();
    }

    void check(ObservedCommand command) {
        long total = command.completedNanos() - command.startNanos();
        if (total < thresholdNanos) {
            return;
        }
        long now = command.completedNanos();
        long windowStart = windowStartNanos.get();
        if (now - windowStart >= SECOND_NANOS && windowStartNanos.compareAndSet(windowStart, now)) {
            linesInWindow.set(0);
        }
        if (linesInWindow.incrementAndGet() > LINES_PER_SECOND) {
            suppressed.increment();
            return;
        }
        long left = suppressed.sumThenReset();
        LOG.log(System.Logger.Level.WARNING, describe(command, total)
                + (left == 0 ? "" : " (" + left + " more slow commands were not logged: at most " + LINES_PER_SECOND + " lines a second)"));
    }

    /** One line: what, where, how long, and where the time went. No argument values: they may be secrets. */
    static String describe(ObservedCommand command, long totalNanos) {
        StringBuilder line = new StringBuilder("slow command: ").append(command.name());
        if (command.batchSize() > 0) {
            line.append(" (MULTI block of ").append(command.batchSize()).append(" commands)");
        }
        if (command.cacheFill()) {
            line.append(" (client-side cache miss)");
        }
        line.append(" on ").append(command.node() == null ? "no node" : command.node())
                .append(" took ").append(millis(totalNanos)).append(" ms, ")
                .append(command.outcome().name().toLowerCase(Locale.ROOT));
        if (command.errorCode() != null) {
            line.append(' ').append(command.errorCode());
        }
        long written = command.writtenNanos();
        long reply = command.replyNanos();
        line.append(": queued ").append(written == 0 ? "the whole time (never written)" : millis(written - command.startNanos()) + " ms");
        if (written != 0) {
            line.append(", on the wire ").append(reply == 0 ? "until the end (no reply)" : millis(reply - written) + " ms");
        }
        if (reply != 0) {
            line.append(", reply to completion ").append(millis(command.completedNanos() - reply)).append(" ms");
        }
        line.append("; server time: not reported by Redis (see SLOWLOG GET); ")
                .append(command.bytesOut()).append(" bytes out, ").append(command.bytesIn()).append(" in");
        if (command.redirects() > 0 || command.retries() > 0) {
            line.append("; ").append(command.redirects()).append(" redirects, ").append(command.retries()).append(" retries");
        }
        return line.toString();
    }

    private static String millis(long nanos) {
        return String.format(Locale.ROOT, "%.3f", nanos / 1_000_000.0);
    }
}
