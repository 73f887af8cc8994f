package io.fastpath.pubsub;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.PubSubListener;
import io.fastpath.PubSubMessage;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/** A listener that keeps every message and the thread it arrived on, for tests to wait on. */
final class Inbox implements PubSubListener {
    private final LinkedBlockingQueue<PubSubMessage> messages = new LinkedBlockingQueue<>();
    final List<String> threads = new java.util.concurrent.CopyOnWriteArrayList<>();

    @Override
    public void onMessage(PubSubMessage message) {
        threads.add(Thread.currentThread().getName());
        messages.add(message);
    }

    /** The next message, failing the test when none arrives within 10 seconds. */
    PubSubMessage next() throws InterruptedException {
        PubSubMessage message = messages.poll(10, TimeUnit.SECONDS);
        assertThat(message).as("a message within 10 s").isNotNull();
        return message;
    }

    /** The next {@code count} messages in arrival order. */
    List<PubSubMessage> next(int count) throws InterruptedException {
        List<PubSubMessage> received = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            received.add(next());
        }
        return received;
    }

    /** Messages received and not yet taken. */
    List<PubSubMessage> drain() {
        List<PubSubMessage> left = new ArrayList<>();
        messages.drainTo(left);
        return left;
    }

    /** Takes messages until one's payload starts with {@code prefix} (earlier ones are skipped); null after 200 ms of silence. */
    PubSubMessage awaitPayloadStartingWith(String prefix) throws InterruptedException {
        PubSubMessage message;
        while ((message = messages.poll(200, TimeUnit.MILLISECONDS)) != null) {
            if (message.message().startsWith(prefix)) {
                return message;
            }
        }
        return null;
    }
}
