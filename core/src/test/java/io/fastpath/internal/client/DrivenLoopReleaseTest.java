package io.fastpath.internal.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.TestConnectionSettings;
import io.fastpath.internal.callerio.CallerDrivenLoop;
import io.fastpath.internal.connection.Connection;
import io.fastpath.internal.connection.Endpoint;
import io.fastpath.testkit.Conditions;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Under caller-driven I/O each shared connection has a loop and a background driver thread of its own: a connection
 * retired (a cluster node that left, a Sentinel primary or replica replaced) gives its loop back once it closed, so a
 * long-lived client does not keep a thread per connection it ever had; a connection still in use keeps its loop.
 */
class DrivenLoopReleaseTest {

    @Test
    void theLoopOfARetiredConnectionShutsDownAfterItClosedAndTheLoopOfAnotherStaysUp() {
        try (ClientResources resources = new ClientResources(1, null, false, LoneCallerSpin.OFF, true)) {
            Endpoint nowhere = new Endpoint("127.0.0.1", 1); // never started: no connect is attempted
            Connection retired = resources.sharedConnection(nowhere, TestConnectionSettings.defaults(resources), 0);
            Connection kept = resources.sharedConnection(nowhere, TestConnectionSettings.defaults(resources), 1);
            CallerDrivenLoop retiredLoop = (CallerDrivenLoop) retired.eventLoop();
            CallerDrivenLoop keptLoop = (CallerDrivenLoop) kept.eventLoop();

            // The client waits RELEASE_DELAY_SECONDS; what is checked here (which loop ends) needs no such wait
            resources.releaseDrivenLoopsLater(new Connection[] {retired}, retired.close(0), 100, TimeUnit.MILLISECONDS);

            Conditions.await("the retired connection's loop terminated", retiredLoop::isTerminated, Duration.ofSeconds(20));
            Conditions.await("its background driver ended", () -> !retiredLoop.backgroundDriver().isAlive(), Duration.ofSeconds(10));
            assertThat(keptLoop.isShuttingDown()).as("the other connection's loop shutting down").isFalse();
            kept.close(0);
        }
    }
}
