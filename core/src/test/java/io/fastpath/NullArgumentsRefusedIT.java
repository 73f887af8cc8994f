package io.fastpath;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** The client's own entry points (beside the typed commands) refuse nulls as RedisArgumentException before sending. */
class NullArgumentsRefusedIT {

    @Test
    void theClientsOwnEntryPointsRefuseNullsNamingWhatIsMissing() throws Exception {
        // Never connected (lazyConnect, a port nothing listens on): a refusal must come before any send.
        try (java.net.ServerSocket reserved = new java.net.ServerSocket(0);
             RedisClient redis = RedisClient.builder().host("127.0.0.1", reserved.getLocalPort()).lazyConnect()
                     .commandTimeout(Duration.ofMillis(200)).build()) {
            PubSubListener listener = message -> { };
            List<Executable> calls = List.of(
                    () -> redis.execute(null),
                    () -> redis.dispatchCached(null),
                    () -> redis.executeCached(null),
                    () -> redis.dispatchInCallOrder(null),
                    () -> redis.multi().queue(null),
                    () -> redis.mget((List<String>) null),
                    () -> redis.async().mget((List<String>) null),
                    () -> redis.binary().mget((List<byte[]>) null),
                    () -> redis.mset(null),
                    () -> redis.withTimeout(null),
                    () -> redis.withCodec(null),
                    () -> redis.watch(null, transaction -> null),
                    () -> redis.watch(List.of("k"), null),
                    () -> redis.openWatch(null),
                    () -> redis.subscribe(listener, (String[]) null),
                    () -> redis.subscribe(null, "news"),
                    () -> redis.psubscribe(listener, (String[]) null),
                    () -> redis.ssubscribe(listener, (String[]) null),
                    () -> redis.send((Object[]) null),
                    () -> redis.async().send((Object[]) null));
            List<String> leaks = new java.util.ArrayList<>();
            for (int i = 0; i < calls.size(); i++) {
                try {
                    calls.get(i).execute();
                    leaks.add("call " + i + " accepted the null");
                } catch (RedisArgumentException refused) {
                    // as it should
                } catch (Throwable other) {
                    leaks.add("call " + i + ": " + other);
                }
            }
            assertThat(leaks).isEmpty();
        }
    }
}
