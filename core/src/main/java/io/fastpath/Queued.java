package io.fastpath;

import io.fastpath.internal.transaction.ExecOutcome;

/**
 * The typed result of one command queued in a transaction, readable once the transaction has run.
 * Read it on the thread that ran the transaction, or after handing it over safely.
 */
public final class Queued<T> {
    private final String commandName;
    // Caller thread only: set once when the transaction's EXEC has been answered.
    private boolean resolved;
    private boolean committed;
    private Object outcome;

    Queued(String commandName) {
        this.commandName = commandName;
    }

    /**
     * The command's result. Throws the server's {@link RedisServerException} if the command itself failed
     * while the block ran (WRONGTYPE...: the server does not roll back the others), and
     * {@link RedisException} (caused by the codec's or converter's exception) if its reply could not be converted, and
     * {@link IllegalStateException} before the transaction ran or when it was aborted by a watched key.
     */
    @SuppressWarnings("unchecked")
    public T get() {
        if (!resolved) {
            throw new IllegalStateException(commandName + " has no result yet: the transaction runs when its callback returns");
        }
        if (!committed) {
            throw new IllegalStateException(commandName + " did not run: a watched key changed and the transaction was "
                    + "aborted (see TransactionResult.committed())");
        }
        if (outcome instanceof ExecOutcome.CommandError error) {
            throw new RedisServerException(error.error().getMessage());
        }
        if (outcome instanceof ExecOutcome.ConversionError failed) {
            throw new RedisException(commandName + " ran in the transaction but converting its reply failed ("
                    + failed.cause() + ")", failed.cause());
        }
        return (T) outcome;
    }

    /** The command's name, e.g. {@code INCR}. */
    public String commandName() {
        return commandName;
    }

    void resolve(boolean wasCommitted, Object result) {
        this.resolved = true;
        this.committed = wasCommitted;
        this.outcome = result;
    }

    @Override
    public String toString() {
        return "Queued[" + commandName + (resolved ? committed ? ", done" : ", aborted" : ", pending") + "]";
    }
}
