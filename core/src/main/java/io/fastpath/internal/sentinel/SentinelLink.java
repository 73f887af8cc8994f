package io.fastpath.internal.sentinel;

import io.fastpath.command.Reply;
import io.fastpath.internal.client.ClientResources;
import io.fastpath.internal.command.CommandSpec;
import io.fastpath.internal.connection.CommandFuture;
import io.fastpath.internal.connection.Connection;
import io.fastpath.internal.connection.Endpoint;
import io.fastpath.internal.pubsub.ChannelWatcher;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiConsumer;

/**
 * The client's two connections to one Sentinel: one for queries (SENTINEL GET-MASTER-ADDR-BY-NAME,
 * SENTINELS, REPLICAS) and a dedicated subscriber connection reading its event channels
 * ({@link SentinelEvent#CHANNELS}). Both reconnect by themselves; the subscriber re-subscribes in its
 * handshake and then reports {@code onResubscribed}, since events published meanwhile are lost.
 *
 * <p>Thread-safe: any thread queries; events arrive on the subscriber's event loop.
 */
final class SentinelLink {
    final Endpoint endpoint;
    private final Connection commands;
    private final ChannelWatcher events;
    /** The query connection's first connect: once it failed, queries fail at once while the link is down. */
    private volatile CompletableFuture<Void> firstConnect = new CompletableFuture<>();

    SentinelLink(Endpoint endpoint, SentinelConfig config, ClientResources resources,
                 BiConsumer<SentinelLink, SentinelEvent> onEvent, Runnable onResubscribed) {
        this.endpoint = endpoint;
        this.commands = new Connection(endpoint, config.sentinelSettings(), resources.nextEventLoop(), resources.channelType());
        this.events = new ChannelWatcher(endpoint, SentinelEvent.CHANNELS, config.sentinelSettings(), resources,
                config.queryTimeoutNanos(), (channel, message) -> {
                    SentinelEvent event = SentinelEvent.parse(channel, message);
                    if (event != null && event.primaryName().equals(config.primaryName())) {
                        onEvent.accept(this, event);
                    }
                }, onResubscribed);
    }

    /** Connects both; the future completes once the event channels are subscribed (or fails; both keep trying). */
    CompletableFuture<Void> start() {
        firstConnect = commands.start(); // retried with backoff after a failure; queries meanwhile fail fast
        return events.start();
    }

    /** True while the query connection is up: asked first. */
    boolean isReady() {
        return commands.isReady();
    }

    /** True while the event subscription is up. */
    boolean isSubscribed() {
        return events.isReady();
    }

    /** One query; fails at once when this Sentinel could not be reached (then the next one is asked). */
    CompletableFuture<Reply> query(long deadlineNanos, String... words) {
        CommandFuture<Reply> future = new CommandFuture<>(CommandSpec.words(words), true, deadlineNanos);
        commands.send(future);
        firstConnect.whenComplete((ready, unreachable) -> {
            if (unreachable != null && !commands.isReady()) {
                future.completeExceptionally(unreachable); // still queued, never sent: it is dropped unwritten
            }
        });
        return future;
    }

    CompletableFuture<Void> close() {
        return CompletableFuture.allOf(commands.close(0), events.close());
    }

    @Override
    public String toString() {
        return "Sentinel " + endpoint;
    }
}
