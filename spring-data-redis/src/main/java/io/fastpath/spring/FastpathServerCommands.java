package io.fastpath.spring;

import static io.fastpath.spring.FastpathConnection.command;

import io.fastpath.command.Reply;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.redis.connection.RedisNode;
import org.springframework.data.redis.connection.RedisServerCommands;
import org.springframework.data.redis.core.types.RedisClientInfo;

/**
 * Server commands. On a cluster, DBSIZE, FLUSHALL, FLUSHDB, KEYS and friends fan out to every primary (Fastpath
 * merges the replies by the server's own response policy). CLIENT SETNAME would rename a shared connection, so it is
 * refused: name the client with {@code RedisClientBuilder.clientName} ({@code spring.data.redis.client-name}).
 */
class FastpathServerCommands implements RedisServerCommands {
    private final FastpathConnection connection;

    FastpathServerCommands(FastpathConnection connection) {
        this.connection = connection;
    }

    @Override
    public void bgReWriteAof() {
        connection.invokeStatus(command("BGREWRITEAOF"));
    }

    @Override
    public void bgSave() {
        connection.invokeStatus(command("BGSAVE"));
    }

    @Override
    public Long lastSave() {
        return connection.invoke(command("LASTSAVE"), Replies::toLong);
    }

    @Override
    public void save() {
        connection.invokeStatus(command("SAVE"));
    }

    @Override
    public Long dbSize() {
        return connection.invoke(command("DBSIZE"), Replies::toLong);
    }

    @Override
    public void flushDb() {
        connection.invokeStatus(command("FLUSHDB"));
    }

    @Override
    public void flushDb(FlushOption option) {
        Arguments.notNull(option, "Option");
        connection.invokeStatus(command("FLUSHDB", option.name()));
    }

    @Override
    public void flushAll() {
        connection.invokeStatus(command("FLUSHALL"));
    }

    @Override
    public void flushAll(FlushOption option) {
        Arguments.notNull(option, "Option");
        connection.invokeStatus(command("FLUSHALL", option.name()));
    }

    @Override
    public Properties info() {
        return connection.invoke(command("INFO"), Replies::toInfo);
    }

    @Override
    public Properties info(String section) {
        return connection.invoke(command("INFO", section), Replies::toInfo);
    }

    @Override
    public void shutdown() {
        connection.invokeStatus(command("SHUTDOWN"));
    }

    @Override
    public void shutdown(ShutdownOption option) {
        connection.invokeStatus(option == null ? command("SHUTDOWN") : command("SHUTDOWN", option.name()));
    }

    @Override
    public Properties getConfig(String pattern) {
        return connection.invoke(command("CONFIG", "GET", pattern), Replies::toConfig);
    }

    @Override
    public void setConfig(String param, String value) {
        connection.invokeStatus(command("CONFIG", "SET", param, value));
    }

    @Override
    public void resetConfigStats() {
        connection.invokeStatus(command("CONFIG", "RESETSTAT"));
    }

    @Override
    public void rewriteConfig() {
        connection.invokeStatus(command("CONFIG", "REWRITE"));
    }

    @Override
    public Long time(TimeUnit timeUnit) {
        Arguments.notNull(timeUnit, "TimeUnit");
        return connection.invoke(command("TIME"), reply -> toTime(reply, timeUnit));
    }

    static Long toTime(Reply reply, TimeUnit timeUnit) {
        List<Reply> parts = Replies.elements(reply);
        long micros = Long.parseLong(Replies.toText(parts.get(0))) * 1_000_000L + Long.parseLong(Replies.toText(parts.get(1)));
        return timeUnit.convert(micros, TimeUnit.MICROSECONDS);
    }

    @Override
    public void killClient(String host, int port) {
        connection.invokeStatus(command("CLIENT", "KILL", host + ":" + port));
    }

    @Override
    public void setClientName(byte[] name) {
        throw new InvalidDataAccessApiUsageException("CLIENT SETNAME would rename every caller's shared connection: name the"
                + " Fastpath client once with RedisClientBuilder.clientName (spring.data.redis.client-name)");
    }

    @Override
    public String getClientName() {
        return connection.invoke(command("CLIENT", "GETNAME"), Replies::toText);
    }

    @Override
    public List<RedisClientInfo> getClientList() {
        return connection.invoke(command("CLIENT", "LIST"), FastpathServerCommands::toClientList);
    }

    static List<RedisClientInfo> toClientList(Reply reply) {
        List<RedisClientInfo> clients = new ArrayList<>();
        String text = Replies.toText(reply);
        for (String line : text == null ? new String[0] : text.split("\r?\n")) {
            if (!line.isBlank()) {
                clients.add(RedisClientInfo.RedisClientInfoBuilder.fromString(line));
            }
        }
        return clients;
    }

    @Override
    public void replicaOf(String host, int port) {
        connection.invokeStatus(command("REPLICAOF", host, port));
    }

    @Override
    public void replicaOfNoOne() {
        connection.invokeStatus(command("REPLICAOF", "NO", "ONE"));
    }

    @Override
    public void migrate(byte[] key, RedisNode target, int dbIndex, MigrateOption option) {
        migrate(key, target, dbIndex, option, Long.MAX_VALUE);
    }

    @Override
    public void migrate(byte[] key, RedisNode target, int dbIndex, MigrateOption option, long timeout) {
        long millis = timeout == Long.MAX_VALUE ? 5_000 : timeout;
        connection.invokeStatus(new Words("MIGRATE", target.getHost(), target.getPort(), key, dbIndex, millis)
                .add((option == null ? MigrateOption.COPY : option).name()).build());
    }
}
