package io.fastpath.internal.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class FirstReadyTest {
    @Test
    void completesWhenTheFirstHandshakeSucceedsWithoutWaitingForTheOthers() {
        CompletableFuture<Void> slow = new CompletableFuture<>();
        CompletableFuture<Void> fast = new CompletableFuture<>();
        CompletableFuture<Void> first = FirstReady.of(List.of(slow, fast));
        assertThat(first).isNotDone();
        fast.complete(null);
        assertThat(first).isCompleted();
        assertThat(slow).isNotDone();
    }

    @Test
    void aFailedHandshakeDoesNotEndTheWaitWhileAnotherMaySucceed() {
        CompletableFuture<Void> failing = new CompletableFuture<>();
        CompletableFuture<Void> pending = new CompletableFuture<>();
        CompletableFuture<Void> first = FirstReady.of(List.of(failing, pending));
        failing.completeExceptionally(new IllegalStateException("refused"));
        assertThat(first).isNotDone();
        pending.complete(null);
        assertThat(first).isCompleted();
    }

    @Test
    void endsTheWaitNormallyOnceEveryHandshakeFailed() {
        CompletableFuture<Void> one = new CompletableFuture<>();
        CompletableFuture<Void> two = new CompletableFuture<>();
        CompletableFuture<Void> first = FirstReady.of(List.of(one, two));
        one.completeExceptionally(new IllegalStateException("refused"));
        two.completeExceptionally(new IllegalStateException("refused"));
        assertThat(first).isCompleted();
    }

    @Test
    void nothingToWaitForIsCompleteAtOnce() {
        assertThat(FirstReady.of(List.of())).isCompleted();
    }
}
