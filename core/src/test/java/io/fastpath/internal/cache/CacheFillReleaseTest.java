package io.fastpath.internal.cache;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.CacheOptions;
import io.fastpath.command.Reply;
import io.fastpath.internal.command.CommandSpec;
import io.fastpath.internal.command.Converters;
import io.fastpath.internal.connection.CommandFuture;
import io.fastpath.internal.connection.Connection;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The single-flight map never keeps a fill that failed to go out: its readers fail, the next read starts afresh. */
class CacheFillReleaseTest {

    private static CommandSpec<Reply> get(String key) {
        byte[] keyBytes = key.getBytes(StandardCharsets.UTF_8);
        return new CommandSpec<>("GET", new byte[][] {"GET".getBytes(StandardCharsets.US_ASCII), keyBytes},
                Converters.REPLY, keyBytes, true);
    }

    @Test
    void aFillWhoseSendThrowsFailsItsReaderAndTheNextReadStartsANewFill() throws Exception {
        ScheduledExecutorService clock = Executors.newSingleThreadScheduledExecutor();
        AtomicInteger sends = new AtomicInteger();
        try {
            ClientSideCache cache = new ClientSideCache(CacheOptions.maxBytes(1 << 20), null);
            cache.start(new FillRoute() {
                @Override
                public void send(CommandFuture<?> fill) {
                    if (sends.incrementAndGet() == 1) {
                        throw new IllegalStateException("routing failed");
                    }
                    @SuppressWarnings("unchecked")
                    CommandFuture<Reply> answered = (CommandFuture<Reply>) fill;
                    answered.complete(new Reply.BulkStringReply("v".getBytes(StandardCharsets.UTF_8)));
                }

                @Override
                public boolean ownsKey(Connection connection, byte[] key) {
                    return true;
                }
            }, clock);

            CompletableFuture<Reply> first = cache.read(get("k"), true, TimeUnit.SECONDS.toNanos(5));
            assertThatThrownBy(() -> first.get(5, TimeUnit.SECONDS)).hasRootCauseMessage("routing failed");

            CompletableFuture<Reply> second = cache.read(get("k"), true, TimeUnit.SECONDS.toNanos(5));
            assertThat(((Reply.BulkStringReply) second.get(5, TimeUnit.SECONDS)).asUtf8()).isEqualTo("v");
            assertThat(sends.get()).as("the failed fill left the single-flight map").isEqualTo(2);
        } finally {
            clock.shutdownNow();
        }
    }
}
