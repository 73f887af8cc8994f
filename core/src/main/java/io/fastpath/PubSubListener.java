package io.fastpath;

/**
 * Receives the messages of one {@link Subscription}, one at a time and in the order the server sent them,
 * on the client's completion executor (never on an I/O thread unless the client was built with
 * {@code directCompletion()}). An exception it throws is reported and the next message is delivered as usual.
 */
@FunctionalInterface
public interface PubSubListener {
    void onMessage(PubSubMessage message);
}
