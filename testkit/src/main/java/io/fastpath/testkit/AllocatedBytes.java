package io.fastpath.testkit;

import java.lang.management.ManagementFactory;

/**
 * Bytes allocated so far by the calling thread and by every live thread whose name starts with a prefix
 * (a client's I/O and callback threads), from the JVM's per-thread counters ({@code com.sun.management.ThreadMXBean}).
 * Subtract two readings around a loop to get what the loop allocated on those threads; a thread that ends
 * in between takes its count with it.
 */
public final class AllocatedBytes {
    private AllocatedBytes() {}

    /**
     * Runs {@code call} {@code warmup} times, then {@code measured} times, and returns the bytes the measured
     * calls allocated on this thread and the threads named {@code prefix}..., per call.
     */
    public static double perCall(Runnable call, int warmup, int measured, String prefix) {
        for (int i = 0; i < warmup; i++) {
            call.run();
        }
        long before = byCallerAndThreadsNamed(prefix);
        for (int i = 0; i < measured; i++) {
            call.run();
        }
        return (byCallerAndThreadsNamed(prefix) - before) / (double) measured;
    }

    public static long byCallerAndThreadsNamed(String prefix) {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long total = threads.getThreadAllocatedBytes(Thread.currentThread().getId());
        for (Thread thread : Thread.getAllStackTraces().keySet()) {
            if (thread.getName().startsWith(prefix) && thread != Thread.currentThread()) {
                total += threads.getThreadAllocatedBytes(thread.getId());
            }
        }
        return total;
    }
}
