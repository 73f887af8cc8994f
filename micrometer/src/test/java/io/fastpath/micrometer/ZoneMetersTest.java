package io.fastpath.micrometer;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.ObservedClient;
import io.fastpath.ObservedCommand;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

/** {@code fastpath.command.reads}: reads counted by the zone of the node that answered them. */
class ZoneMetersTest {
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final MicrometerCommandListener listener = MicrometerCommandListener.builder(registry).tag("client", "orders").build();

    @Test
    void readsAreCountedByTheZoneThatServedThem() {
        for (int i = 0; i < 3; i++) {
            listener.commandCompleted(new Completed("GET", true, "eu-west-1a", true));
        }
        listener.commandCompleted(new Completed("GET", true, "eu-west-1b", true));
        listener.commandCompleted(new Completed("GET", true, null, true));

        assertThat(reads("eu-west-1a")).isEqualTo(3);
        assertThat(reads("eu-west-1b")).isEqualTo(1);
        assertThat(reads(ZoneMeters.NO_ZONE)).isEqualTo(1);
        assertThat(registry.get(MeterNames.COMMAND_READS).tag("zone", "eu-west-1a").counter().getId().getTag("client"))
                .isEqualTo("orders");
    }

    @Test
    void writesAndReadsNoServerAnsweredAreNotCounted() {
        listener.commandCompleted(new Completed("SET", false, "eu-west-1a", true));
        listener.commandCompleted(new Completed("GET", true, "eu-west-1a", false));

        assertThat(registry.find(MeterNames.COMMAND_READS).counters()).isEmpty();
    }

    @Test
    void theZoneCountersGoWithTheClient() {
        listener.commandCompleted(new Completed("GET", true, "eu-west-1a", true));
        listener.clientClosed(null);

        assertThat(registry.find(MeterNames.COMMAND_READS).counters()).isEmpty();
    }

    private double reads(String zone) {
        Counter counter = registry.get(MeterNames.COMMAND_READS).tag("zone", zone).counter();
        return counter.count();
    }

    /** A completed command as the core reports it, answered (or not) by a node of {@code zone}. */
    private record Completed(String name, boolean readOnly, String serverZone, boolean answered) implements ObservedCommand {
        @Override public int batchSize() { return 0; }
        @Override public String node() { return answered ? "10.0.0.1:6379" : null; }
        @Override public String serverHost() { return answered ? "10.0.0.1" : null; }
        @Override public int serverPort() { return answered ? 6379 : -1; }
        @Override public int slot() { return -1; }
        @Override public boolean cacheFill() { return false; }
        @Override public int redirects() { return 0; }
        @Override public int retries() { return 0; }
        @Override public long startNanos() { return 1_000; }
        @Override public long writtenNanos() { return answered ? 2_000 : 0; }
        @Override public long replyNanos() { return answered ? 3_000 : 0; }
        @Override public long completedNanos() { return 4_000; }
        @Override public int bytesOut() { return 20; }
        @Override public int bytesIn() { return answered ? 10 : 0; }
        @Override public Outcome outcome() { return answered ? Outcome.SUCCESS : Outcome.NOT_SENT; }
        @Override public String errorCode() { return null; }
        @Override public Throwable failure() { return answered ? null : new IllegalStateException("not sent"); }
        @Override public Object attachment() { return null; }
        @Override public ObservedClient client() { return null; }
        @Override public String queryText(boolean withKeys) { return name; }
    }
}
