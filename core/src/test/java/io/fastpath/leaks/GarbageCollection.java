package io.fastpath.leaks;

import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;

/** A garbage collection the leak checks can wait for, instead of sleeping and hoping one ran. */
final class GarbageCollection {
    private static final long GIVE_UP_MILLIS = 10_000;

    private GarbageCollection() {}

    /**
     * Asks for a collection until one clears a fresh weak reference and the JVM enqueues it: the weak references
     * that collection cleared (Netty's leak trackers among them) are then handed to their queues too.
     */
    static void collectAndAwaitClearedReferences() throws InterruptedException {
        ReferenceQueue<Object> queue = new ReferenceQueue<>();
        WeakReference<Object> sentinel = new WeakReference<>(new Object(), queue);
        long giveUpAt = System.nanoTime() + GIVE_UP_MILLIS * 1_000_000;
        while (System.nanoTime() - giveUpAt < 0) {
            System.gc();
            Reference<?> cleared = queue.remove(100); // an event: returns as soon as the sentinel is enqueued
            if (cleared != null) {
                return;
            }
        }
        Reference.reachabilityFence(sentinel);
        throw new AssertionError("System.gc() cleared no weak reference within " + GIVE_UP_MILLIS
                + " ms: the leak check needs explicit collections (no -XX:+DisableExplicitGC)");
    }
}
