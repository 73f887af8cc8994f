package io.fastpath.cluster;

import io.fastpath.CommandListener;
import io.fastpath.ObservedClient;
import io.fastpath.testkit.Conditions;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Counts a cluster client's topology refreshes, so a test that moves a slot behind the client's back can first wait
 * out the refresh every cluster client makes a second after it starts: a move that ends after that look reaches the
 * client only through the MOVED it causes, which the test expects (under load a move ended before it, and no MOVED came).
 */
public final class TopologyRefreshes implements CommandListener {
    /** Any thread: refreshes ended so far, applied or not. */
    private final AtomicInteger ended = new AtomicInteger();

    @Override
    public void topologyRefreshed(ObservedClient client, boolean applied) {
        ended.incrementAndGet();
    }

    /** Returns once the client has refreshed its topology: its start-up's second look is past. */
    public void awaitStartUpSecondLook() {
        Conditions.await("the client's start-up second look at the topology", () -> ended.get() > 0, Duration.ofSeconds(15));
    }
}
