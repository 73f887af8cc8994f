package io.fastpath.sentinel;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.CacheOptions;
import io.fastpath.Eventually;
import io.fastpath.command.KeyValue;
import io.fastpath.PubSubMessage;
import io.fastpath.Queued;
import io.fastpath.RedisClient;
import io.fastpath.SentinelOptions;
import io.fastpath.Subscription;
import io.fastpath.Transaction;
import io.fastpath.TransactionResult;
import io.fastpath.testkit.RedisServer;
import io.fastpath.testkit.RespClient;
import io.fastpath.testkit.SentinelDeployment;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The client-side cache, pub/sub, blocking commands and transactions behave on a Sentinel-watched primary
 * as on a standalone server, and keep doing so on the new primary after a failover: nothing cached from
 * the old primary is served, subscriptions move, blocking commands and transactions go to the new one.
 */
class SentinelStandaloneFeaturesIT {

    @Test
    void cachePubSubBlockingCommandsAndTransactionsFollowTheNewPrimary() throws Exception {
        try (SentinelDeployment deployment = SentinelDeployment.builder().start();
             RedisClient redis = RedisClient.builder()
                     .sentinel(SentinelOptions.of(deployment.primaryName(), deployment.sentinelAddresses()))
                     .clientSideCache(CacheOptions.maxBytes(1 << 20))
                     .build()) {
            List<PubSubMessage> received = new CopyOnWriteArrayList<>();
            Subscription subscription = redis.subscribe(received::add, "features:channel");
            redis.set("features:cached", "from-the-old-primary");
            assertThat(redis.get("features:cached")).isEqualTo("from-the-old-primary");
            // A hit needs the connection's loop to have beaten recently (the invalidation delay bound): on a starved
            // machine a read goes to the server instead, so a hit comes within a few reads, not at the second.
            Eventually.awaitTrue("a read of features:cached is served from the cache", () -> {
                assertThat(redis.get("features:cached")).isEqualTo("from-the-old-primary");
                return redis.cacheStats().hits() > 0;
            }, Duration.ofSeconds(10));
            CompletableFuture<KeyValue<String, String>> blockedAcrossTheFailover =
                    redis.async().blpop(Duration.ofSeconds(20), "features:queue-before");

            RedisServer promoted = deployment.failover();

            // Cache: a write on the new primary by someone else invalidates what this client reads from it now.
            try (RespClient other = promoted.admin()) {
                other.call("SET", "features:cached", "written-on-the-new-primary");
                Eventually.awaitValue(() -> redis.get("features:cached"), "written-on-the-new-primary", Duration.ofSeconds(10));
                assertThat(redis.get("features:cached")).isEqualTo("written-on-the-new-primary");
                other.call("SET", "features:cached", "written-again");
                Eventually.awaitValue(() -> redis.get("features:cached"), "written-again", Duration.ofSeconds(10));

                // Pub/sub: the subscription now listens on the new primary (published until it is back, at most once).
                Eventually.awaitTrue("a message published on the new primary arrives", () -> {
                    other.call("PUBLISH", "features:channel", "after-the-failover");
                    return received.stream().anyMatch(message -> message.message().equals("after-the-failover"));
                }, Duration.ofSeconds(10));

                // Blocking commands: a pop after the failover waits on the new primary.
                CompletableFuture<KeyValue<String, String>> popped = redis.async().blpop(Duration.ofSeconds(10), "features:queue");
                Eventually.awaitTrue("BLPOP waits on the new primary", () ->
                        other.call("CLIENT", "LIST").toString().contains("cmd=blpop"), Duration.ofSeconds(10));
                other.call("RPUSH", "features:queue", "job");
                assertThat(popped.get(10, TimeUnit.SECONDS).value()).isEqualTo("job");
            }
            // The pop blocked on the old primary when it was demoted ended as a lost connection does, never with a wrong reply.
            assertThat(blockedAcrossTheFailover).failsWithin(Duration.ofSeconds(30));

            // Transactions: MULTI/EXEC and WATCH run on the new primary.
            Transaction transaction = redis.multi();
            Queued<Long> first = transaction.queue(transaction.commands().incr("features:tx"));
            Queued<Long> second = transaction.queue(transaction.commands().incr("features:tx"));
            transaction.exec();
            assertThat(List.of(first.get(), second.get())).containsExactly(1L, 2L);
            TransactionResult<String> watched = redis.watch(List.of("features:tx"), tx -> {
                String seen = tx.read(tx.commands().get("features:tx"));
                tx.queue(tx.commands().set("features:tx-copy", seen));
                return seen;
            });
            assertThat(watched.committed()).isTrue();
            assertThat(promoted.call("GET", "features:tx-copy")).isEqualTo("2");
            subscription.unsubscribe();
        }
    }
}
