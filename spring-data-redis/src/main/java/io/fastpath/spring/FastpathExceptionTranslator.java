package io.fastpath.spring;

import io.fastpath.RedisArgumentException;
import io.fastpath.RedisBackpressureException;
import io.fastpath.RedisConnectionException;
import io.fastpath.RedisException;
import io.fastpath.RedisNotSentException;
import io.fastpath.RedisOutcomeUnknownException;
import io.fastpath.RedisRedirectException;
import io.fastpath.RedisServerException;
import io.fastpath.RedisTimeoutException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.dao.QueryTimeoutException;
import org.springframework.dao.TransientDataAccessResourceException;
import org.springframework.data.redis.ClusterRedirectException;
import org.springframework.data.redis.RedisConnectionFailureException;
import org.springframework.data.redis.RedisSystemException;
import org.springframework.data.redis.TooManyClusterRedirectionsException;

/**
 * Fastpath's exceptions in Spring's {@link DataAccessException} hierarchy, the cause always kept. A server's
 * error reply becomes a {@link RedisSystemException} (as with Lettuce's factory) whose message is the server's
 * line and whose cause is the {@link RedisServerException} with its {@code code()} (WRONGTYPE, NOSCRIPT...);
 * {@link #serverErrorCode} reads it back.
 */
public final class FastpathExceptionTranslator {

    private FastpathExceptionTranslator() {}

    /** The translation of {@code failure}, or null when it is not a Fastpath (or data access) exception. */
    public static DataAccessException translateIfPossible(Throwable failure) {
        Throwable cause = unwrap(failure);
        if (cause instanceof DataAccessException translated) {
            return translated;
        }
        if (cause instanceof RedisRedirectException redirect) {
            return redirect(redirect);
        }
        if (cause instanceof RedisServerException server) {
            return new RedisSystemException(server.getMessage(), server);
        }
        if (cause instanceof RedisArgumentException argument) { // a cross-slot key set too: nothing was sent
            return new InvalidDataAccessApiUsageException(argument.getMessage(), argument);
        }
        if (cause instanceof RedisTimeoutException timeout) {
            return new QueryTimeoutException(timeout.getMessage(), timeout);
        }
        if (cause instanceof RedisBackpressureException backpressure) {
            return new TransientDataAccessResourceException(backpressure.getMessage(), backpressure);
        }
        if (cause instanceof RedisNotSentException || cause instanceof RedisOutcomeUnknownException
                || cause instanceof RedisConnectionException) {
            return new RedisConnectionFailureException(cause.getMessage(), cause);
        }
        if (cause instanceof RedisException other) {
            return new RedisSystemException(other.getMessage(), other);
        }
        if (cause instanceof IllegalStateException wrongThread) { // e.g. a blocking call on an I/O thread
            return new InvalidDataAccessApiUsageException(wrongThread.getMessage(), wrongThread);
        }
        return null;
    }

    /** {@link #translateIfPossible}, or a {@link RedisSystemException} wrapping anything else. */
    public static DataAccessException translate(Throwable failure) {
        DataAccessException translated = translateIfPossible(failure);
        if (translated != null) {
            return translated;
        }
        Throwable cause = unwrap(failure);
        return new RedisSystemException(String.valueOf(cause.getMessage()), cause);
    }

    /** The server's error code (WRONGTYPE, MOVED...) behind a translated exception, or null when the server did not answer with an error. */
    public static String serverErrorCode(Throwable translated) {
        for (Throwable cause = translated; cause != null; cause = cause.getCause()) {
            if (cause instanceof RedisServerException server) {
                return server.code();
            }
            if (cause.getCause() == cause) {
                break;
            }
        }
        return null;
    }

    /** MOVED/ASK that Fastpath stopped following: the last redirect, when the server's line names one. */
    private static DataAccessException redirect(RedisRedirectException redirect) {
        String last = redirect.lastServerError();
        if (last != null) {
            String[] words = last.split(" ");
            if (words.length == 3 && (words[0].equals("MOVED") || words[0].equals("ASK"))) {
                int colon = words[2].lastIndexOf(':');
                try {
                    return new ClusterRedirectException(Integer.parseInt(words[1]), words[2].substring(0, colon),
                            Integer.parseInt(words[2].substring(colon + 1)), redirect);
                } catch (RuntimeException unparsable) {
                    // fall through: the message still carries the server's line
                }
            }
        }
        return new TooManyClusterRedirectionsException(redirect.getMessage(), redirect);
    }

    private static Throwable unwrap(Throwable failure) {
        Throwable cause = failure;
        while ((cause instanceof CompletionException || cause instanceof ExecutionException) && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause;
    }
}
