package io.fastpath;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/** A {@link RedisEventListener} for tests: keeps every event with the name of the thread it arrived on. */
final class EventRecorder implements RedisEventListener {
    record Received(RedisEvent event, String thread) {}

    private final List<Received> received = new ArrayList<>();

    @Override
    public synchronized void onEvent(RedisEvent event) {
        received.add(new Received(event, Thread.currentThread().getName()));
        notifyAll();
    }

    synchronized List<Received> received() {
        return List.copyOf(received);
    }

    synchronized List<RedisEvent> events() {
        return received.stream().map(Received::event).toList();
    }

    /** Waits for the first event after index {@code from} that matches, and returns its index. */
    synchronized int awaitFrom(int from, Predicate<RedisEvent> matching, String description) throws InterruptedException {
        long giveUpAt = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (true) {
            for (int i = from; i < received.size(); i++) {
                if (matching.test(received.get(i).event())) {
                    return i;
                }
            }
            long left = giveUpAt - System.nanoTime();
            if (left <= 0) {
                throw new AssertionError("no event " + description + " after index " + from + "; got " + events());
            }
            wait(Math.max(1, left / 1_000_000));
        }
    }
}
