package io.fastpath.internal.cluster;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What cluster start-up waits for: the first of several connections' handshakes. The returned future completes
 * when the first of them succeeds, or once every one has failed (the connections then keep retrying in the
 * background and commands wait for them within their deadline, as before); it never completes exceptionally.
 */
final class FirstReady {
    private FirstReady() {}

    static CompletableFuture<Void> of(List<CompletableFuture<Void>> handshakes) {
        CompletableFuture<Void> first = new CompletableFuture<>();
        if (handshakes.isEmpty()) {
            first.complete(null);
            return first;
        }
        AtomicInteger failuresToGo = new AtomicInteger(handshakes.size()); // any thread: each connection's event loop
        for (CompletableFuture<Void> handshake : handshakes) {
            handshake.whenComplete((ignored, failure) -> {
                if (failure == null || failuresToGo.decrementAndGet() == 0) {
                    first.complete(null);
                }
            });
        }
        return first;
    }
}
