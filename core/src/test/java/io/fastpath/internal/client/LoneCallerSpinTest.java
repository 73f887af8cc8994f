package io.fastpath.internal.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.RedisException;
import io.fastpath.testkit.Conditions;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class LoneCallerSpinTest {
    /** Long enough that a spin ending early can only have ended for the reason under test. */
    private static final long HOUR = TimeUnit.HOURS.toNanos(1);

    @BeforeEach
    void noCallerOfAnotherTestIsWaiting() {
        assertThat(LoneCallerSpin.waitingCallers()).isZero();
    }

    @Test
    void aLoneCallerSpinsUntilItsFutureIsDone() throws Exception {
        LoneCallerSpin spin = new LoneCallerSpin(HOUR);
        CompletableFuture<String> reply = new CompletableFuture<>();
        CompletableFuture<Long> spun = CompletableFuture.supplyAsync(() -> spin.arrive(reply));
        awaitWaitingCallers(1);
        assertThat(spun).isNotDone();

        reply.complete("OK");

        assertThat(spun.get(30, TimeUnit.SECONDS)).isEqualTo(LoneCallerSpin.COUNTED);
        spin.leave(LoneCallerSpin.COUNTED);
        assertThat(LoneCallerSpin.waitingCallers()).isZero();
    }

    @Test
    void aSecondWaitingCallerEndsTheFirstOnesSpin() throws Exception {
        LoneCallerSpin spin = new LoneCallerSpin(HOUR);
        CompletableFuture<Long> first = CompletableFuture.supplyAsync(() -> spin.arrive(new CompletableFuture<>()));
        awaitWaitingCallers(1);

        long second = spin.arrive(new CompletableFuture<>()); // counted, and not alone: returns without spinning

        assertThat(first.get(30, TimeUnit.SECONDS)).as("an interrupted spin is not one that ran out").isEqualTo(LoneCallerSpin.COUNTED);
        assertThat(second).isEqualTo(LoneCallerSpin.COUNTED);
        spin.leave(second);
        spin.leave(LoneCallerSpin.COUNTED);
        assertThat(LoneCallerSpin.waitingCallers()).isZero();
    }

    @Test
    void repliesFromFarAwayStopTheSpinningButForAProbeOnceInThirtyTwoWaits() {
        long limit = TimeUnit.MICROSECONDS.toNanos(1);
        LoneCallerSpin spin = new LoneCallerSpin(limit);
        for (int i = 0; i < LoneCallerSpin.GIVE_UP_AFTER; i++) {
            assertThat(spin.spinsWhenAlone()).as("before far reply %d", i + 1).isTrue();
            long arrival = spin.arrive(new CompletableFuture<>()); // spins 1 µs and runs out
            assertThat(arrival).isPositive();
            // The spin's start moved back past 8 limits: leave() then sees the reply come from far away.
            spin.leave(arrival - (LoneCallerSpin.FAR_FACTOR + 1) * limit);
        }

        long spinning = IntStream.range(0, 2 * LoneCallerSpin.PROBE_EVERY).filter(i -> spin.spinsWhenAlone()).count();

        assertThat(spinning).as("probes among %d lone waits", 2 * LoneCallerSpin.PROBE_EVERY).isEqualTo(2);
        assertThat(LoneCallerSpin.waitingCallers()).isZero();
    }

    @Test
    void aReplyThatMissesTheLimitByLittleKeepsTheSpinning() {
        LoneCallerSpin spin = new LoneCallerSpin(TimeUnit.MILLISECONDS.toNanos(1));
        for (int i = 0; i < 2 * LoneCallerSpin.GIVE_UP_AFTER; i++) {
            long arrival = spin.arrive(new CompletableFuture<>()); // spins 1 ms and runs out
            assertThat(arrival).isPositive();
            spin.leave(arrival); // the reply at once after the limit, far below 8 limits
        }
        assertThat(spin.spinsWhenAlone()).isTrue();
        assertThat(LoneCallerSpin.waitingCallers()).isZero();
    }

    @Test
    void aProbeWhoseReplyComesFromNearByTurnsSpinningBackOn() {
        LoneCallerSpin spin = new LoneCallerSpin(TimeUnit.MICROSECONDS.toNanos(1));
        for (int i = 0; i < LoneCallerSpin.GIVE_UP_AFTER; i++) {
            spin.replyCame(true);
        }
        assertThat(spin.spinsWhenAlone()).isFalse();

        spin.replyCame(false);

        assertThat(spin.spinsWhenAlone()).isTrue();
    }

    @Test
    void anInterruptedWaitStopsCountingItsCaller() {
        LoneCallerSpin spin = new LoneCallerSpin(TimeUnit.MICROSECONDS.toNanos(1));
        Thread.currentThread().interrupt();
        try {
            assertThatThrownBy(() -> BoundedWait.await(new CompletableFuture<>(), System.nanoTime() + HOUR, "GET", spin))
                    .isInstanceOf(RedisException.class)
                    .hasMessageContaining("interrupted");
        } finally {
            Thread.interrupted();
        }
        assertThat(LoneCallerSpin.waitingCallers()).isZero();
    }

    @Test
    void anInterruptDuringTheSpinEndsItSoTheParkCanAnswerIt() throws Exception {
        LoneCallerSpin spin = new LoneCallerSpin(HOUR);
        CompletableFuture<String> reply = new CompletableFuture<>();
        CompletableFuture<Throwable> outcome = new CompletableFuture<>();
        Thread caller = new Thread(() -> {
            try {
                BoundedWait.await(reply, System.nanoTime() + HOUR, "GET", spin);
                outcome.complete(null);
            } catch (Throwable failure) {
                outcome.complete(failure);
            }
        });
        caller.start();
        awaitWaitingCallers(1); // spinning: the limit is an hour and nothing completes the reply

        caller.interrupt();

        assertThat(outcome.get(30, TimeUnit.SECONDS)).isInstanceOf(RedisException.class).hasMessageContaining("interrupted");
        caller.join(TimeUnit.SECONDS.toMillis(30));
        assertThat(LoneCallerSpin.waitingCallers()).isZero();
    }

    @Test
    void aClientThatDoesNotSpinNeverCountsItsCallers() {
        assertThat(LoneCallerSpin.OFF.arrive(new CompletableFuture<>())).isEqualTo(LoneCallerSpin.NOT_COUNTED);
        assertThat(LoneCallerSpin.waitingCallers()).isZero();
    }

    @Test
    void aDoneFutureIsNeitherCountedNorSpunFor() {
        assertThat(new LoneCallerSpin(HOUR).arrive(CompletableFuture.completedFuture("OK"))).isEqualTo(LoneCallerSpin.NOT_COUNTED);
        assertThat(LoneCallerSpin.waitingCallers()).isZero();
    }

    @Test
    void aVirtualThreadWaitingAloneIsCountedButParksAtOnceWhereAPlatformThreadSpins() {
        long limit = TimeUnit.MILLISECONDS.toNanos(1);
        LoneCallerSpin platform = new LoneCallerSpin(limit, thread -> false);
        LoneCallerSpin virtual = new LoneCallerSpin(limit, thread -> true);

        long platformArrival = platform.arrive(new CompletableFuture<>()); // spins 1 ms and runs out
        platform.leave(platformArrival);
        long virtualArrival = virtual.arrive(new CompletableFuture<>());

        assertThat(platformArrival).as("a spin that ran out returns when it began").isPositive();
        assertThat(virtualArrival).as("counted, without a spin").isEqualTo(LoneCallerSpin.COUNTED);
        assertThat(LoneCallerSpin.waitingCallers()).as("a virtual caller still counts as waiting").isEqualTo(1);
        virtual.leave(virtualArrival);
        assertThat(LoneCallerSpin.waitingCallers()).isZero();
    }

    private static void awaitWaitingCallers(int expected) {
        Conditions.await(expected + " waiting caller(s)", () -> LoneCallerSpin.waitingCallers() == expected, Duration.ofSeconds(30));
    }
}
