package io.fastpath.command;

import io.fastpath.RedisServerException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/** Recognises the {@code NOSCRIPT} answer that makes {@code evalScript} fall back from EVALSHA to EVAL. */
final class ScriptFallback {
    private ScriptFallback() {}

    /** Whether the failure (possibly wrapped by a future) is the server's {@code NOSCRIPT} error. */
    static boolean isNoScript(Throwable failure) {
        Throwable cause = unwrap(failure);
        return cause instanceof RedisServerException server && "NOSCRIPT".equals(server.code());
    }

    static Throwable unwrap(Throwable failure) {
        Throwable cause = failure;
        while ((cause instanceof CompletionException || cause instanceof ExecutionException) && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause;
    }
}
