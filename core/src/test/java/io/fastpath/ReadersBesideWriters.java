package io.fastpath;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntConsumer;

/** The fill/invalidate race of the cache tests: reader threads through a cached client while two threads write. */
final class ReadersBesideWriters {
    private static final int WRITERS = 2;

    private ReadersBesideWriters() {}

    /**
     * Runs {@code readers} threads, each calling {@code read} {@code readsPerReader} times (with the call's
     * index), while {@code writer} sets random keys {@code prefix0..prefix(keys-1)}; fails with the first
     * reader's error.
     */
    static void run(RedisClient writer, String prefix, int keys, int readers, int readsPerReader, IntConsumer read)
            throws InterruptedException {
        AtomicBoolean writing = new AtomicBoolean(true);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        List<Thread> threads = new ArrayList<>();
        for (int w = 0; w < WRITERS; w++) {
            threads.add(new Thread(() -> {
                while (writing.get()) {
                    ThreadLocalRandom random = ThreadLocalRandom.current();
                    writer.set(prefix + random.nextInt(keys), Long.toString(random.nextLong()));
                }
            }));
        }
        CountDownLatch readersDone = new CountDownLatch(readers);
        for (int r = 0; r < readers; r++) {
            threads.add(new Thread(() -> {
                try {
                    for (int i = 0; i < readsPerReader; i++) {
                        read.accept(i);
                    }
                } catch (Throwable t) {
                    failure.set(t);
                } finally {
                    readersDone.countDown();
                }
            }));
        }
        threads.forEach(Thread::start);
        assertThat(readersDone.await(120, TimeUnit.SECONDS)).isTrue();
        writing.set(false);
        for (Thread thread : threads) {
            thread.join();
        }
        assertThat(failure.get()).isNull();
    }
}
