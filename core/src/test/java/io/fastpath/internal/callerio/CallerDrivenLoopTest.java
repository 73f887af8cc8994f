package io.fastpath.internal.callerio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.command.Reply;
import io.fastpath.internal.command.CommandSpec;
import io.fastpath.internal.connection.CommandFuture;
import io.fastpath.testkit.Conditions;
import io.netty.channel.nio.NioIoHandler;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The caller-driven loop alone (no channel): who runs its tasks and timers, and that holding it moves between threads
 * without losing work. Its use by connections is covered against a real server by {@code CallerDrivenIoIT}.
 */
class CallerDrivenLoopTest {
    private final IdleLoopWatcher watcher = new IdleLoopWatcher("test-idle-watcher");
    private final CallerDrivenLoop loop = new CallerDrivenLoop(NioIoHandler.newFactory(), "test-driver", watcher);

    @AfterEach
    void shutDown() {
        assertThat(loop.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(10, TimeUnit.SECONDS))
                .as("the loop terminated").isTrue();
        watcher.close();
    }

    @Test
    void aTaskQueuedOnAFreeLoopRunsOnTheBackgroundDriverInsideTheLoop() throws Exception {
        CompletableFuture<Thread> ranOn = new CompletableFuture<>();
        AtomicBoolean inLoop = new AtomicBoolean();
        loop.execute(() -> {
            inLoop.set(loop.inEventLoop());
            ranOn.complete(Thread.currentThread());
        });
        assertThat(ranOn.get(10, TimeUnit.SECONDS)).isSameAs(loop.backgroundDriver());
        assertThat(inLoop).isTrue();
    }

    @Test
    void aCallerHoldingTheLoopRunsTheTasksQueuedByOtherThreadsOnItsOwnThread() throws Exception {
        Thread me = Thread.currentThread();
        hold(loop);
        AtomicReference<Thread> ranOn = new AtomicReference<>();
        Thread other = new Thread(() -> loop.execute(() -> ranOn.set(Thread.currentThread())));
        other.start();
        other.join();
        try {
            long giveUpAt = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (ranOn.get() == null && System.nanoTime() < giveUpAt) {
                loop.run(); // the other thread's execute woke the IoHandler, so this returns once the task ran
            }
        } finally {
            loop.free();
        }
        assertThat(ranOn.get()).isSameAs(me);
        assertThat(loop.inEventLoop(me)).isFalse();
    }

    @Test
    void aTaskLeftQueuedByAHolderThatFreesTheLoopIsRunByTheBackgroundDriver() throws Exception {
        hold(loop);
        CompletableFuture<Thread> ranOn = new CompletableFuture<>();
        loop.execute(() -> ranOn.complete(Thread.currentThread())); // queued by the holder itself: no wake-up
        loop.free();
        assertThat(ranOn.get(10, TimeUnit.SECONDS)).isSameAs(loop.backgroundDriver());
    }

    @Test
    void aTimerOfAFreeLoopFiresWithoutAnyCaller() throws Exception {
        CompletableFuture<Thread> firedOn = new CompletableFuture<>();
        loop.schedule(() -> firedOn.complete(Thread.currentThread()), 20, TimeUnit.MILLISECONDS);
        assertThat(firedOn.get(10, TimeUnit.SECONDS)).isSameAs(loop.backgroundDriver());
    }

    @Test
    void theBackgroundDriverWatchingAnIdleLoopHandsItToACallerThatAsks() {
        Conditions.await("the background driver watching the idle loop", () -> loop.holder() == loop.backgroundDriver(),
                Duration.ofSeconds(10));
        Thread me = Thread.currentThread();
        assertThat(loop.tryHold(me)).as("taken without asking").isFalse();
        // Asked, it frees the loop when it next wakes; on a loaded machine that may be past one hand-over wait: ask again
        Conditions.await("the loop handed over when asked", () -> loop.holdFromBackground(me), Duration.ofSeconds(10));
        assertThat(loop.holder()).isSameAs(me);
        loop.free();
    }

    @Test
    void aSecondCallerAskingWhileAnotherWaitsForTheHandOverFollowsAndTheFirstIsHandedTheLoop() throws Exception {
        // A hand-over wait far longer than the test's bounds: the first asker gets the loop only if free() unparks it
        CallerDrivenLoop patient = new CallerDrivenLoop(NioIoHandler.newFactory(), "test-patient", watcher,
                TimeUnit.MINUTES.toNanos(2));
        try {
            CompletableFuture<Boolean> firstAsk = new CompletableFuture<>();
            CompletableFuture<Boolean> secondAsk = new CompletableFuture<>();
            Thread first = new Thread(() -> {
                try {
                    boolean held = patient.holdFromBackground(Thread.currentThread());
                    if (held) {
                        patient.free();
                    }
                    firstAsk.complete(held);
                } catch (Throwable failed) {
                    firstAsk.completeExceptionally(failed);
                }
            });
            patient.execute(() -> { // on the background driver, which holds the loop while this task runs
                first.start();
                Conditions.await("the first caller waiting for the hand-over", patient::callerWaiting, Duration.ofSeconds(10));
                try {
                    secondAsk.complete(patient.holdFromBackground(new Thread("second asker")));
                } catch (Throwable failed) {
                    secondAsk.completeExceptionally(failed);
                }
            });
            assertThat(secondAsk.get(30, TimeUnit.SECONDS)).as("the second asker follows at once").isFalse();
            assertThat(firstAsk.get(30, TimeUnit.SECONDS)).as("the first asker, unparked as the driver frees the loop").isTrue();
        } finally {
            assertThat(patient.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(10, TimeUnit.SECONDS)).isTrue();
        }
    }

    @Test
    void theBackgroundDriverOfALoopACallerHoldsDoesNotWakeWhileTheIdleWatcherTicks() {
        hold(loop);
        try {
            // A wake-up asked for before the hold (the watcher found the loop free) is let through first: a whole tick
            // started after the hold, and the driver parked again
            long held = watcher.ticks();
            Conditions.await("a whole tick of the idle watcher after the hold", () -> watcher.ticks() >= held + 2, Duration.ofSeconds(10));
            Conditions.await("the background driver parked", () -> loop.backgroundDriver().getState() == Thread.State.WAITING,
                    Duration.ofSeconds(10));
            long wakeUps = loop.backgroundWakeUps();
            long ticks = watcher.ticks();
            Conditions.await("three ticks of the idle watcher", () -> watcher.ticks() >= ticks + 3, Duration.ofSeconds(10));
            assertThat(loop.backgroundWakeUps()).as("wake-ups of the background driver").isEqualTo(wakeUps);
        } finally {
            loop.free();
        }
    }

    @Test
    void aCallerFindingTheBackgroundDriverServingOthersRepliesFollowsWithoutAskingForTheLoop() {
        loop.watchReplies(() -> true); // replies awaited: the driver takes the free loop at once and keeps serving it
        loop.execute(() -> { });
        Conditions.await("the background driver serving the loop", () -> loop.holder() == loop.backgroundDriver(),
                Duration.ofSeconds(10));
        assertThat(loop.holdFromBackground(Thread.currentThread())).as("handed over").isFalse();
        assertThat(loop.callerAsked()).as("the driver was asked for the loop").isFalse();
        loop.watchReplies(() -> false);
    }

    @Test
    void aLoopItsCallerFreedWithNothingLeftIsWatchedByTheBackgroundDriverAfterAnIdlePeriod() {
        hold(loop);
        loop.free();
        Conditions.await("the background driver watching the freed loop", () -> loop.holder() == loop.backgroundDriver(),
                Duration.ofSeconds(10));
    }

    @Test
    void aTimerLeftByAHolderOnTheLoopItFreedFiresOnTheBackgroundDriver() throws Exception {
        hold(loop);
        CompletableFuture<Thread> firedOn = new CompletableFuture<>();
        loop.schedule(() -> firedOn.complete(Thread.currentThread()), 20, TimeUnit.MILLISECONDS); // by the holder: no task
        loop.free();
        assertThat(firedOn.get(10, TimeUnit.SECONDS)).isSameAs(loop.backgroundDriver());
    }

    @Test
    void theIdleWatcherSleepsWhileEveryLoopIsWatchedByItsDriverAndTicksAgainOnceACallerTookOne() {
        Conditions.await("the idle watcher asleep, the loop watched by its driver", watcher::sleeping, Duration.ofSeconds(10));
        hold(loop); // asked, the driver frees the loop, which wakes the watcher
        try {
            long ticks = watcher.ticks();
            Conditions.await("the idle watcher ticking again", () -> watcher.ticks() > ticks + 1, Duration.ofSeconds(10));
        } finally {
            loop.free();
        }
    }

    @Test
    void aDrivenCommandCompletedOnAnotherThreadLeavesItsCallersLoopAWakeUpAndOneCompletedByTheHolderLeavesNone()
            throws Exception {
        hold(loop);
        try {
            CommandFuture<Reply> byHolder = driven("by the holder");
            byHolder.complete(Reply.SimpleStringReply.OK);
            assertThat(loop.hasQueuedTasks()).as("a wake-up queued by the holder's own completion").isFalse();

            CommandFuture<Reply> elsewhere = driven("elsewhere"); // a redirect or a failover took it to another connection
            Thread other = new Thread(() -> elsewhere.complete(Reply.SimpleStringReply.OK), "another-loop");
            other.start();
            other.join(TimeUnit.SECONDS.toMillis(10));
            assertThat(loop.hasQueuedTasks()).as("a wake-up queued by the completion on another thread").isTrue();
            loop.run(); // returns without waiting for a tick: the wake-up is a task
            assertThat(loop.hasQueuedTasks()).isFalse();
        } finally {
            loop.free();
        }
    }

    /** A command whose caller (this thread) drives {@link #loop}. */
    private CommandFuture<Reply> driven(String word) {
        CommandFuture<Reply> command = new CommandFuture<>(CommandSpec.words("ECHO", word), true,
                System.nanoTime() + TimeUnit.SECONDS.toNanos(10));
        command.drivenBy(loop);
        return command;
    }

    @Test
    void aLoopHeldByOneCallerIsNotTakenByAnother() throws Exception {
        hold(loop);
        CompletableFuture<Boolean> taken = new CompletableFuture<>();
        Thread other = new Thread(() -> taken.complete(loop.tryHold(Thread.currentThread())
                || loop.holdFromBackground(Thread.currentThread())));
        other.start();
        try {
            assertThat(taken.get(10, TimeUnit.SECONDS)).isFalse();
        } finally {
            loop.free();
        }
    }

    @Test
    void onlyTheHolderMayRunTheLoop() {
        assertThatThrownBy(loop::run).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void aCallerCannotTakeALoopThatIsShuttingDown() {
        loop.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(10, TimeUnit.SECONDS);
        assertThat(loop.tryHold(Thread.currentThread())).isFalse();
        assertThat(loop.isTerminated()).isTrue();
    }

    /**
     * Takes the loop for this thread. The background driver may hold it (it watches a free loop after an idle period);
     * asked, it frees it once its work is done.
     */
    private static void hold(CallerDrivenLoop loop) {
        Thread caller = Thread.currentThread();
        Conditions.await("the loop free for this caller", () -> {
            if (loop.tryHold(caller) || loop.holdFromBackground(caller)) {
                return true;
            }
            return false;
        }, Duration.ofSeconds(10));
    }
}
