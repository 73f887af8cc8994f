package io.fastpath.reactor;

import io.fastpath.command.Command;
import io.fastpath.command.CommandBuilder;
import io.fastpath.PubSubMessage;
import io.fastpath.RedisClient;
import io.fastpath.RedisCodec;
import io.fastpath.command.ScanPage;
import io.fastpath.command.StreamEntry;
import java.time.Duration;
import java.util.function.Function;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * A {@link RedisClient} seen through Reactor, from {@link FastpathReactive#of}: every typed command as a Mono, the
 * SCAN families and streams as demand-driven Fluxes, subscriptions as Fluxes, and the same for byte[] with
 * {@link #binary()}. It owns nothing: closing the {@code RedisClient} ends it. Thread-safe: share one instance.
 */
public final class RedisReactiveClient implements RedisReactiveCommands<String, String> {
    private final RedisClient client;
    private final ReactiveOptions options;
    private final ReactiveEngine engine;
    private final ReactiveView<String, String> strings;
    private final ReactiveView<byte[], byte[]> binary;

    RedisReactiveClient(RedisClient client, ReactiveOptions options) {
        this.client = client;
        this.options = options;
        this.engine = new ReactiveEngine(client.async(), options);
        this.strings = new ReactiveView<>(engine, client.commands());
        this.binary = new ReactiveView<>(engine, client.binary().commands());
    }

    /** The same commands with byte[] keys and values. */
    public RedisReactiveCommands<byte[], byte[]> binary() {
        return binary;
    }

    /**
     * The same commands with keys and values of the user's types, turned into bytes and back by {@code codec} (see
     * {@link RedisClient#withCodec}), with these views' options; compose with {@link #withTimeout}. Make one per
     * codec and keep it.
     *
     * @throws io.fastpath.RedisArgumentException when {@code codec} is null
     */
    public <K, V> RedisReactiveCommands<K, V> withCodec(RedisCodec<K, V> codec) {
        return new ReactiveView<>(engine, client.withCodec(codec).commands());
    }

    @Override
    public RedisReactiveCommands<String, String> withTimeout(Duration timeout) {
        return strings.withTimeout(timeout);
    }

    /** The client these views send through. */
    public RedisClient client() {
        return client;
    }

    /**
     * The messages of these channels (SUBSCRIBE), from the subscription's confirmation until the Flux is cancelled,
     * which unsubscribes. Messages come in order, at most once (see {@link io.fastpath.Subscription}), on the client's
     * completion executor; without demand they wait in a bounded buffer ({@link ReactiveOptions#pubSubBuffer}).
     */
    public Flux<PubSubMessage> subscribe(String... channels) {
        return PubSubFlux.of(listener -> client.subscribe(listener, channels), options);
    }

    /** As {@link #subscribe}, for glob-style patterns (PSUBSCRIBE). */
    public Flux<PubSubMessage> psubscribe(String... patterns) {
        return PubSubFlux.of(listener -> client.psubscribe(listener, patterns), options);
    }

    /** As {@link #subscribe}, for shard channels (SSUBSCRIBE, Redis 7), each followed to its slot's owner on a cluster. */
    public Flux<PubSubMessage> ssubscribe(String... shardChannels) {
        return PubSubFlux.of(listener -> client.ssubscribe(listener, shardChannels), options);
    }

    @Override
    public <T> Mono<T> execute(Command<T> command) {
        return strings.execute(command);
    }

    @Override
    public <T> Flux<T> scanPages(Function<String, Command<ScanPage<T>>> pageAt) {
        return strings.scanPages(pageAt);
    }

    @Override
    public CommandBuilder<String, String> commands() {
        return strings.commands();
    }

    @Override
    public Flux<StreamEntry<String, String>> xrangeFlux(String stream, String start, String end) {
        return strings.xrangeFlux(stream, start, end);
    }

    @Override
    public Flux<StreamEntry<String, String>> xreadFlux(String stream, String afterId, Duration block) {
        return strings.xreadFlux(stream, afterId, block);
    }

    @Override
    public Flux<StreamEntry<String, String>> xreadGroupFlux(String stream, String group, String consumer, Duration block) {
        return strings.xreadGroupFlux(stream, group, consumer, block);
    }

    @Override
    public String toString() {
        return "RedisReactiveClient[" + client + "]";
    }
}
