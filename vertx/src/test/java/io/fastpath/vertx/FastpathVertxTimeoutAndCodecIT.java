package io.fastpath.vertx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.RedisArgumentException;
import io.fastpath.RedisClient;
import io.fastpath.RedisTimeoutException;
import io.fastpath.testkit.RedisServerExtension;
import io.fastpath.vertx.MoneyCodec.Money;
import io.fastpath.vertx.MoneyCodec.OrderId;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.junit5.VertxExtension;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The Vert.x views' {@code withTimeout} and {@code withCodec}: futures on the caller's context, deadlines of the view. */
@ExtendWith(VertxExtension.class)
class FastpathVertxTimeoutAndCodecIT {
    private static final long WAIT_SECONDS = 10;
    private static final OrderId FIRST = new OrderId(1);
    private static final OrderId SECOND = new OrderId(2);
    private static final Money TEN_EUROS = new Money(1000, "EUR");
    private static final Money PRICE = new Money(1999, "USD");

    @RegisterExtension
    static RedisServerExtension redis = RedisServerExtension.standalone();

    private FastpathVertx fastpath;

    @BeforeEach
    void connect(Vertx vertx) throws Exception {
        fastpath = FastpathVertx.shared(vertx, "views", () -> RedisClient.builder().uri(redis.server().uri())
                .connectionsPerNode(1).commandTimeout(Duration.ofSeconds(30))).toCompletionStage().toCompletableFuture()
                .get(WAIT_SECONDS, TimeUnit.SECONDS);
        fastpath.client().flushall();
    }

    @AfterEach
    void unpause() {
        redis.server().call("CLIENT", "UNPAUSE");
    }

    /** Runs {@code body} on a fresh event-loop context and hands back what its future ended with, and where. */
    private static <T> CompletableFuture<Outcome<T>> onContext(Vertx vertx, Supplier<Future<T>> body) {
        Context context = vertx.getOrCreateContext();
        CompletableFuture<Outcome<T>> outcome = new CompletableFuture<>();
        context.runOnContext(start -> body.get().onComplete(done ->
                outcome.complete(new Outcome<>(done.result(), done.cause(), Vertx.currentContext() == context))));
        return outcome;
    }

    private record Outcome<T>(T value, Throwable failure, boolean onCallersContext) {}

    @Test
    void aShorterTimeoutFailsOnTheCallersContextWhileOneOnTheClientsTimeoutWaits(Vertx vertx) throws Exception {
        redis.server().call("CLIENT", "PAUSE", "60000", "WRITE");
        CompletableFuture<Outcome<Boolean>> patient = onContext(vertx, () -> fastpath.set("patient", "client timeout"));
        Outcome<Boolean> quick = onContext(vertx, () -> fastpath.withTimeout(Duration.ofMillis(300)).set("quick", "v"))
                .get(WAIT_SECONDS, TimeUnit.SECONDS);

        assertThat(quick.failure()).isInstanceOf(RedisTimeoutException.class);
        assertThat(quick.onCallersContext()).isTrue();
        assertThat(patient).isNotDone();

        redis.server().call("CLIENT", "UNPAUSE");
        Outcome<Boolean> served = patient.get(WAIT_SECONDS, TimeUnit.SECONDS);
        assertThat(served.value()).isTrue();
        assertThat(served.onCallersContext()).isTrue();
    }

    @Test
    void aCodecViewRoundTripsTheUsersTypesOnTheCallersContext(Vertx vertx) throws Exception {
        RedisVertxCommands<OrderId, Money> orders = fastpath.withCodec(MoneyCodec.CODEC);
        Outcome<List<Money>> amounts = onContext(vertx, () -> orders.set(FIRST, TEN_EUROS)
                .compose(set -> orders.withTimeout(Duration.ofSeconds(2)).set(SECOND, PRICE))
                .compose(set -> orders.mget(FIRST, SECOND, new OrderId(3)))).get(WAIT_SECONDS, TimeUnit.SECONDS);
        assertThat(amounts.value()).containsExactly(TEN_EUROS, PRICE, null);
        assertThat(amounts.onCallersContext()).isTrue();

        OrderId totals = new OrderId(100);
        Outcome<Map<OrderId, Money>> hash = onContext(vertx, () -> orders.hset(totals, Map.of(FIRST, TEN_EUROS, SECOND, PRICE))
                .compose(added -> orders.hgetAll(totals))).get(WAIT_SECONDS, TimeUnit.SECONDS);
        assertThat(hash.value()).isEqualTo(Map.of(FIRST, TEN_EUROS, SECOND, PRICE));
        assertThat(fastpath.client().get("order:2")).isEqualTo("1999 USD");
    }

    @Test
    void aBadTimeoutOrCodecIsRefusedBeforeAnythingIsSent() {
        for (Duration bad : new Duration[] {Duration.ZERO, Duration.ofMillis(-1), Duration.ofDays(2), null}) {
            assertThatThrownBy(() -> fastpath.withTimeout(bad)).isInstanceOf(RedisArgumentException.class);
            assertThatThrownBy(() -> fastpath.binary().withTimeout(bad)).isInstanceOf(RedisArgumentException.class);
            assertThatThrownBy(() -> fastpath.withCodec(MoneyCodec.CODEC).withTimeout(bad)).isInstanceOf(RedisArgumentException.class);
        }
        assertThatThrownBy(() -> fastpath.withCodec(null)).isInstanceOf(RedisArgumentException.class);
    }
}
