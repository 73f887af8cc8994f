package io.fastpath.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.RedisBackpressureException;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Waiting for the plain futures a pipeline gets from {@code dispatchInCallOrderToAwait}, as {@code join} would. */
class AwaitedTest {

    @Test
    void anInterruptDuringTheWaitNeitherEndsItNorIsLost() {
        CompletableFuture<String> reply = new CompletableFuture<>();
        CompletableFuture.delayedExecutor(50, TimeUnit.MILLISECONDS).execute(() -> reply.complete("v"));
        Thread.currentThread().interrupt();

        String value = Awaited.join(reply);

        assertThat(value).isEqualTo("v");
        assertThat(Thread.interrupted()).as("the interrupt is kept for the caller").isTrue();
    }

    @Test
    void aFailureIsThrownAsACompletionExceptionCarryingTheCommandsOwnError() {
        RedisBackpressureException refused = new RedisBackpressureException("in-flight limit reached");
        FutureTask<Object> failing = new FutureTask<>(() -> {
            throw refused;
        });
        failing.run();

        assertThatThrownBy(() -> Awaited.join(failing)).isInstanceOf(CompletionException.class).hasCause(refused);
        assertThat(Awaited.failure(failing)).isSameAs(refused);
    }

    @Test
    void aSuccessHasNoFailureAndACancellationCountsAsOne() {
        assertThat(Awaited.failure(CompletableFuture.completedFuture("OK"))).isNull();
        CompletableFuture<Object> cancelled = new CompletableFuture<>();
        cancelled.cancel(false);
        assertThat(Awaited.failure(cancelled)).isInstanceOf(CancellationException.class);
    }
}
