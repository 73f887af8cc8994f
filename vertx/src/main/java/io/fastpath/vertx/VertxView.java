package io.fastpath.vertx;

import io.fastpath.command.Command;
import io.fastpath.command.CommandBuilder;
import io.fastpath.RedisAsyncCommands;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.time.Duration;

/** The commands of one codec and one timeout (its async view's), handing each reply to the calling context. Thread-safe. */
final class VertxView<K, V> implements RedisVertxCommands<K, V> {
    private final Vertx vertx;
    private final RedisAsyncCommands<?, ?> client;
    private final CommandBuilder<K, V> commands;

    VertxView(Vertx vertx, RedisAsyncCommands<?, ?> client, CommandBuilder<K, V> commands) {
        this.vertx = vertx;
        this.client = client;
        this.commands = commands;
    }

    @Override
    public <T> Future<T> execute(Command<T> command) {
        Context caller = Vertx.currentContext();
        // Completed on the client's I/O thread (direct completion); Vert.x hands the outcome to the caller's context.
        return Future.fromCompletionStage(client.dispatch(command), caller != null ? caller : vertx.getOrCreateContext());
    }

    @Override
    public CommandBuilder<K, V> commands() {
        return commands;
    }

    @Override
    public RedisVertxCommands<K, V> withTimeout(Duration timeout) {
        return new VertxView<>(vertx, client.withTimeout(timeout), commands); // core checks the timeout
    }
}
