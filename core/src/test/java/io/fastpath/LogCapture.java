package io.fastpath;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * Records what one class logs through {@code System.Logger}, which goes to java.util.logging when no
 * other backend is installed (as in these tests). Attach in a try-with-resources block.
 */
final class LogCapture extends Handler implements AutoCloseable {
    private final Logger logger;
    private final Level previousLevel;
    private final List<LogRecord> records = new CopyOnWriteArrayList<>();

    private LogCapture(Logger logger) {
        this.logger = logger;
        this.previousLevel = logger.getLevel();
        setLevel(Level.ALL);
        logger.setLevel(Level.ALL);
        logger.addHandler(this);
    }

    /** Starts recording the logger named after {@code owner} (System.getLogger(Class.getName())). */
    static LogCapture of(Class<?> owner) {
        return of(owner.getName());
    }

    /** As {@link #of(Class)}, for a class this package cannot name. */
    static LogCapture of(String loggerName) {
        return new LogCapture(Logger.getLogger(loggerName));
    }

    /** Records so far whose formatted message contains {@code text}. */
    List<LogRecord> containing(String text) {
        return records.stream().filter(r -> formatted(r).contains(text)).toList();
    }

    static String formatted(LogRecord record) {
        String message = record.getMessage();
        Object[] parameters = record.getParameters();
        return parameters == null || parameters.length == 0 ? message : java.text.MessageFormat.format(message, parameters);
    }

    @Override
    public void publish(LogRecord record) {
        records.add(record);
    }

    @Override
    public void flush() {}

    @Override
    public void close() {
        logger.removeHandler(this);
        logger.setLevel(previousLevel);
    }
}
