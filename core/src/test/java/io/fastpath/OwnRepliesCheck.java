package io.fastpath;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;

/**
 * Blocking callers on one client, each SETting, GETting and ECHOing values of its own, and what they saw: a reply that is
 * not the caller's own (delivered to the wrong caller) or a failure. For reply delivery under concurrent blocking
 * callers (caller-driven I/O on a standalone server and on a cluster).
 */
public final class OwnRepliesCheck {
    private final ConcurrentLinkedQueue<String> wrongReplies = new ConcurrentLinkedQueue<>();
    private final ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
    private final List<Thread> threads = new ArrayList<>();

    private OwnRepliesCheck() {}

    /**
     * Starts {@code callers} threads of {@code rounds} rounds each; caller {@code c}'s round {@code i} writes the value
     * {@code caller-c:i} to the key {@code keyOf.apply(c, i)}.
     */
    public static OwnRepliesCheck start(RedisClient client, int callers, int rounds, BiFunction<Integer, Integer, String> keyOf) {
        OwnRepliesCheck check = new OwnRepliesCheck();
        for (int c = 0; c < callers; c++) {
            int caller = c;
            Thread thread = new Thread(() -> {
                try {
                    for (int i = 0; i < rounds; i++) {
                        String key = keyOf.apply(caller, i);
                        String value = "caller-" + caller + ":" + i;
                        client.set(key, value);
                        String read = client.get(key);
                        String echoed = client.echo(value);
                        if (!value.equals(read) || !value.equals(echoed)) {
                            check.wrongReplies.add(key + " expected " + value + ", read " + read + ", echoed " + echoed);
                        }
                    }
                } catch (RuntimeException failure) {
                    check.failures.add(failure);
                }
            }, "blocking-caller-" + c);
            check.threads.add(thread);
            thread.start();
        }
        return check;
    }

    /** Waits for every caller (two minutes each at most), then asserts none saw another's reply or failed. */
    public void assertEachGotItsOwnReplies() throws InterruptedException {
        for (Thread thread : threads) {
            thread.join(TimeUnit.SECONDS.toMillis(120));
            assertThat(thread.isAlive()).as("%s finished", thread.getName()).isFalse();
        }
        assertThat(wrongReplies).isEmpty();
        assertThat(failures).isEmpty();
    }
}
