package io.fastpath;

/**
 * Receives the client's {@link RedisEvent}s, one at a time and in the order they happened, on the
 * client's completion executor (on an I/O thread under {@link RedisClientBuilder#directCompletion()}).
 * It must return quickly and never block; an exception it throws is dropped.
 */
@FunctionalInterface
public interface RedisEventListener {
    void onEvent(RedisEvent event);
}
