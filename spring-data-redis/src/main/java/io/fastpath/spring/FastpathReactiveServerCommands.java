package io.fastpath.spring;

import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.springframework.data.redis.connection.ReactiveClusterServerCommands;
import org.springframework.data.redis.connection.RedisClusterNode;
import org.springframework.data.redis.connection.RedisServerCommands.FlushOption;
import org.springframework.data.redis.core.types.RedisClientInfo;
import org.springframework.util.Assert;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Server commands, built by {@link FastpathServerCommands}: on a cluster DBSIZE, FLUSHALL, FLUSHDB and friends fan out
 * to every primary. CLIENT SETNAME would rename a shared connection and is refused; so are the cluster forms that name
 * one {@link RedisClusterNode}, as on the blocking cluster connection.
 */
final class FastpathReactiveServerCommands implements ReactiveClusterServerCommands {
    private final ReactiveRunner runner;

    FastpathReactiveServerCommands(ReactiveRunner runner) {
        this.runner = runner;
    }

    @Override
    public Mono<String> bgReWriteAof() {
        return runner.runRaw(c -> c.serverCommands().bgReWriteAof(), Replies::toText);
    }

    @Override
    public Mono<String> bgSave() {
        return runner.runRaw(c -> c.serverCommands().bgSave(), Replies::toText);
    }

    @Override
    public Mono<Long> lastSave() {
        return runner.run(c -> c.serverCommands().lastSave()).map(TimeUnit.SECONDS::toMillis);
    }

    @Override
    public Mono<String> save() {
        return runner.runRaw(c -> c.serverCommands().save(), Replies::toText);
    }

    @Override
    public Mono<Long> dbSize() {
        return runner.run(c -> c.serverCommands().dbSize());
    }

    @Override
    public Mono<String> flushDb() {
        return runner.runRaw(c -> c.serverCommands().flushDb(), Replies::toText);
    }

    @Override
    public Mono<String> flushDb(FlushOption option) {
        return runner.runRaw(c -> c.serverCommands().flushDb(option), Replies::toText);
    }

    @Override
    public Mono<String> flushAll() {
        return runner.runRaw(c -> c.serverCommands().flushAll(), Replies::toText);
    }

    @Override
    public Mono<String> flushAll(FlushOption option) {
        return runner.runRaw(c -> c.serverCommands().flushAll(option), Replies::toText);
    }

    @Override
    public Mono<Properties> info() {
        return runner.run(c -> c.serverCommands().info());
    }

    @Override
    public Mono<Properties> info(String section) {
        Assert.hasText(section, "Section must not be null or empty");
        return runner.run(c -> c.serverCommands().info(section));
    }

    @Override
    public Mono<Properties> getConfig(String pattern) {
        Assert.hasText(pattern, "Pattern must not be null or empty");
        return runner.run(c -> c.serverCommands().getConfig(pattern));
    }

    @Override
    public Mono<String> setConfig(String param, String value) {
        Assert.hasText(param, "Parameter must not be null or empty");
        Assert.notNull(value, "Value must not be null");
        return runner.runRaw(c -> c.serverCommands().setConfig(param, value), Replies::toText);
    }

    @Override
    public Mono<String> resetConfigStats() {
        return runner.runRaw(c -> c.serverCommands().resetConfigStats(), Replies::toText);
    }

    @Override
    public Mono<Long> time(TimeUnit timeUnit) {
        Assert.notNull(timeUnit, "TimeUnit must not be null");
        return runner.run(c -> c.serverCommands().time(timeUnit));
    }

    @Override
    public Mono<String> killClient(String host, int port) {
        Assert.notNull(host, "Host must not be null or empty");
        return runner.runRaw(c -> c.serverCommands().killClient(host, port), Replies::toText);
    }

    /** Refused: CLIENT SETNAME would rename every caller's shared connection (name the client in its builder). */
    @Override
    public Mono<String> setClientName(String name) {
        return runner.runRaw(c -> c.serverCommands().setClientName(name.getBytes(java.nio.charset.StandardCharsets.UTF_8)),
                Replies::toText);
    }

    @Override
    public Mono<String> getClientName() {
        return runner.run(c -> c.serverCommands().getClientName());
    }

    @Override
    public Flux<RedisClientInfo> getClientList() {
        return runner.run(c -> c.serverCommands().getClientList()).flatMapIterable(clients -> clients);
    }

    // ---- ReactiveClusterServerCommands: one chosen node, which Fastpath's public API cannot address ----

    @Override
    public Mono<String> bgReWriteAof(RedisClusterNode node) {
        return perNode("BGREWRITEAOF");
    }

    @Override
    public Mono<String> bgSave(RedisClusterNode node) {
        return perNode("BGSAVE");
    }

    @Override
    public Mono<Long> lastSave(RedisClusterNode node) {
        return perNode("LASTSAVE");
    }

    @Override
    public Mono<String> save(RedisClusterNode node) {
        return perNode("SAVE");
    }

    @Override
    public Mono<Long> dbSize(RedisClusterNode node) {
        return perNode("DBSIZE");
    }

    @Override
    public Mono<String> flushDb(RedisClusterNode node) {
        return perNode("FLUSHDB");
    }

    @Override
    public Mono<String> flushDb(RedisClusterNode node, FlushOption option) {
        return perNode("FLUSHDB");
    }

    @Override
    public Mono<String> flushAll(RedisClusterNode node) {
        return perNode("FLUSHALL");
    }

    @Override
    public Mono<String> flushAll(RedisClusterNode node, FlushOption option) {
        return perNode("FLUSHALL");
    }

    @Override
    public Mono<Properties> info(RedisClusterNode node) {
        return perNode("INFO");
    }

    @Override
    public Mono<Properties> info(RedisClusterNode node, String section) {
        return perNode("INFO");
    }

    @Override
    public Mono<Properties> getConfig(RedisClusterNode node, String pattern) {
        return perNode("CONFIG GET");
    }

    @Override
    public Mono<String> setConfig(RedisClusterNode node, String param, String value) {
        return perNode("CONFIG SET");
    }

    @Override
    public Mono<String> resetConfigStats(RedisClusterNode node) {
        return perNode("CONFIG RESETSTAT");
    }

    @Override
    public Mono<Long> time(RedisClusterNode node) {
        return perNode("TIME");
    }

    @Override
    public Flux<RedisClientInfo> getClientList(RedisClusterNode node) {
        return Flux.error(FastpathClusterConnection.perNode("CLIENT LIST"));
    }

    private static <T> Mono<T> perNode(String command) {
        return Mono.error(FastpathClusterConnection.perNode(command));
    }
}
