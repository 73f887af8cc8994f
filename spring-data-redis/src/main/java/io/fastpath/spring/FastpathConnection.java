package io.fastpath.spring;

import io.fastpath.command.Command;
import io.fastpath.command.CommandBuilder;
import io.fastpath.RedisClient;
import io.fastpath.command.Reply;
import io.fastpath.WatchedConnection;
import java.util.Collections;
import java.util.List;
import java.util.function.Function;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.redis.connection.MessageListener;
import org.springframework.data.redis.connection.RedisCommands;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisGeoCommands;
import org.springframework.data.redis.connection.RedisHashCommands;
import org.springframework.data.redis.connection.RedisHyperLogLogCommands;
import org.springframework.data.redis.connection.RedisKeyCommands;
import org.springframework.data.redis.connection.RedisListCommands;
import org.springframework.data.redis.connection.RedisPipelineException;
import org.springframework.data.redis.connection.RedisScriptingCommands;
import org.springframework.data.redis.connection.RedisSentinelConnection;
import org.springframework.data.redis.connection.RedisServerCommands;
import org.springframework.data.redis.connection.RedisSetCommands;
import org.springframework.data.redis.connection.RedisStreamCommands;
import org.springframework.data.redis.connection.RedisStringCommands;
import org.springframework.data.redis.connection.RedisZSetCommands;
import org.springframework.data.redis.connection.Subscription;

/**
 * A Spring {@link RedisConnection} over the factory's shared {@link RedisClient}: opening one costs no socket,
 * and closing one closes nothing of the client. Each command runs in one of four ways:
 *
 * <ul>
 *   <li>plain: sent through the shared, auto-pipelined client and awaited ({@code RedisClient.binary().execute});</li>
 *   <li>pipelined ({@link #openPipeline()}): dispatched at once on the calling thread's connection to each server
 *       ({@code RedisClient.dispatchInCallOrder}, so they arrive in call order across keys), results gathered in order
 *       and converted by {@link #closePipeline()}; a blocking command (which Fastpath runs on its blocking pool) and
 *       an EXEC keep their place in that order (see {@code PipelineResults});</li>
 *   <li>queued ({@link #multi()}): added to a Fastpath transaction block, sent by {@link #exec()} as MULTI ... EXEC;</li>
 *   <li>watched ({@link #watch}): run at once on the connection Fastpath leased for the WATCH, until
 *       {@link #exec()}, {@link #discard()}, {@link #unwatch()} or {@link #close()} hands it back;</li>
 *   <li>recorded (package-private, for the reactive groups): built and handed to a {@code CommandRecorder}, never sent.</li>
 * </ul>
 *
 * <p>Spring binds a connection to one thread at a time; so does this class (caller thread only).
 */
public class FastpathConnection implements RedisConnection {
    private final FastpathConnectionFactory factory;
    /** Non-null for a connection that builds commands without sending them (the reactive side's, see CommandRecorder). */
    private final CommandRecorder recorder;
    // Caller thread only. Each command group is made on its first use: RedisTemplate takes a connection per operation
    // and most operations touch one group (scenario k: opsForValue().set made eleven objects, used one).
    private FastpathStringCommands stringCommands;
    private FastpathKeyCommands keyCommands;
    private FastpathListCommands listCommands;
    private FastpathSetCommands setCommands;
    private FastpathZSetCommands zSetCommands;
    private FastpathHashCommands hashCommands;
    private FastpathGeoCommands geoCommands;
    private FastpathHyperLogLogCommands hyperLogLogCommands;
    private FastpathScriptingCommands scriptingCommands;
    private FastpathServerCommands serverCommands;
    private FastpathStreamCommands streamCommands;
    // Caller thread only.
    /** The shared client, or after {@code select(n)} the factory's client of database n. */
    private RedisClient client;
    private PipelineResults pipeline;
    private TransactionBlock transaction;
    private WatchedConnection watched;
    private FastpathSubscription subscription;
    private boolean closed;

    FastpathConnection(FastpathConnectionFactory factory, RedisClient client) {
        this.factory = factory;
        this.client = client;
        this.recorder = null;
    }

    /** A connection whose every command is handed to {@code recorder} instead of being sent; its methods return null. */
    FastpathConnection(CommandRecorder recorder) {
        this.factory = null;
        this.client = null;
        this.recorder = recorder;
    }

    // ---- how each command runs ----

    /** Runs {@code command} in this connection's mode and converts its result; null while pipelining or queueing. */
    <T, R> R invoke(Command<T> command, Function<? super T, ? extends R> converter) {
        return run(command, converter, false);
    }

    /** {@link #invoke} without conversion. */
    <T> T invoke(Command<T> command) {
        return run(command, Function.identity(), false);
    }

    /** A command whose reply Spring leaves out of pipeline and transaction results (the SPI's void methods). */
    void invokeStatus(Command<?> command) {
        run(command, Function.identity(), true);
    }

    private <T, R> R run(Command<T> command, Function<? super T, ? extends R> converter, boolean status) {
        requireOpen();
        if (recorder != null) {
            recorder.capture(command, converter, status);
            return null;
        }
        try {
            if (transaction != null) {
                transaction.queue(command, converter, status);
                return null;
            }
            if (pipeline != null) {
                if (watched != null) {
                    pipeline.addNow(() -> watched.read(command), converter, status);
                } else {
                    // in call order on one connection per server, as a pipeline on one connection would arrive;
                    // completed on the I/O thread: PipelineResults only waits for the futures and converts here, so
                    // no read's replies wait for a completion-executor thread (scenario k, executePipelined)
                    RedisClient sender = client;
                    pipeline.add(() -> sender.dispatchInCallOrderToAwait(command), PipelineResults.isBarrier(command.name()),
                            converter, status);
                }
                return null;
            }
            T result = watched != null ? watched.read(command) : client.binary().execute(command);
            return converter.apply(result);
        } catch (RuntimeException failed) {
            throw FastpathExceptionTranslator.translate(failed);
        }
    }

    /** One page of a SCAN-family command, run now: a cursor cannot wait for a pipeline or a transaction. */
    Reply scanPage(Command<Reply> command) {
        if (transaction != null || pipeline != null) {
            throw new InvalidDataAccessApiUsageException("'" + command.name() + "' cannot be called in pipeline / transaction mode");
        }
        return invoke(command);
    }

    /** A command from its words (String, byte[] or Number), for commands without a typed Fastpath method. */
    static Command<Reply> command(Object... words) {
        return CommandBuilder.BYTES.command(words);
    }

    /** Typed commands with byte[] keys and values. */
    static CommandBuilder<byte[], byte[]> typed() {
        return CommandBuilder.BYTES;
    }

    RedisClient client() {
        return client;
    }

    boolean convertResults() {
        return factory.getConvertPipelineAndTxResults();
    }

    private void requireOpen() {
        if (closed) {
            throw new InvalidDataAccessApiUsageException("this connection was closed; get another from the factory");
        }
    }

    // ---- RedisConnection ----

    @Override
    public void close() throws DataAccessException {
        if (closed) {
            return;
        }
        closed = true;
        pipeline = null;
        transaction = null;
        releaseWatch();
        if (subscription != null) {
            subscription.close();
            subscription = null;
        }
    }

    @Override
    public boolean isClosed() {
        return closed;
    }

    /** The {@link RedisClient} this connection sends through. */
    @Override
    public RedisClient getNativeConnection() {
        return client;
    }

    @Override
    public boolean isQueueing() {
        return transaction != null;
    }

    @Override
    public boolean isPipelined() {
        return pipeline != null;
    }

    @Override
    public void openPipeline() {
        requireOpen();
        if (pipeline == null) {
            pipeline = new PipelineResults();
        }
    }

    @Override
    public List<Object> closePipeline() throws RedisPipelineException {
        if (pipeline == null) {
            return Collections.emptyList();
        }
        PipelineResults results = pipeline;
        pipeline = null;
        if (transaction != null) { // MULTI without EXEC inside the pipeline: nothing of it was sent
            transaction = null;
        }
        return results.collect(convertResults());
    }

    /** The factory's Sentinel connection (as Spring's drivers give from a connection); a recording connection has none. */
    @Override
    public RedisSentinelConnection getSentinelConnection() {
        if (factory == null) {
            throw new InvalidDataAccessApiUsageException("a connection recording commands opens no Sentinel connection");
        }
        return factory.getSentinelConnection();
    }

    // ---- RedisTxCommands ----

    @Override
    public void multi() {
        requireOpen();
        if (transaction != null) {
            return; // as Lettuce's: a second MULTI is ignored
        }
        transaction = watched != null ? TransactionBlock.watched(watched) : TransactionBlock.plain(client.multi());
    }

    @Override
    public List<Object> exec() {
        requireOpen();
        if (transaction == null) {
            return withoutMulti("EXEC");
        }
        TransactionBlock block = transaction;
        transaction = null;
        if (pipeline != null) {
            // after the commands pipelined before it; a failure (a WRONGTYPE among the queued commands) takes its
            // place among the results, so closePipeline() throws RedisPipelineException carrying them, as Spring's drivers do
            pipeline.addNow(() -> execBlock(block), Function.identity(), false);
            return null;
        }
        return execBlock(block);
    }

    private List<Object> execBlock(TransactionBlock block) {
        try {
            return block.exec(convertResults());
        } catch (RuntimeException failed) {
            throw FastpathExceptionTranslator.translate(failed);
        } finally {
            releaseWatch(); // EXEC ends the WATCH, committed or not
        }
    }

    @Override
    public void discard() {
        requireOpen();
        if (transaction == null) {
            withoutMulti("DISCARD");
            return;
        }
        transaction = null; // nothing was sent: the block lives in memory until EXEC
        releaseWatch(); // DISCARD also unwatches every key
    }

    /**
     * EXEC or DISCARD without MULTI fails as the server's own error would with Lettuce's factory (a
     * {@code RedisSystemException}), inside a pipeline when the pipeline closes; nothing is sent.
     */
    private List<Object> withoutMulti(String command) {
        RuntimeException refused = FastpathExceptionTranslator.translate(
                new io.fastpath.RedisServerException("ERR " + command + " without MULTI"));
        if (pipeline != null) {
            pipeline.addFailure(refused);
            return null;
        }
        throw refused;
    }

    @Override
    public void watch(byte[]... keys) {
        requireOpen();
        if (transaction != null) {
            throw new InvalidDataAccessApiUsageException("WATCH is not supported when a transaction is active");
        }
        List<byte[]> keyList = List.of(keys);
        try {
            if (watched == null) {
                watched = client.openWatch(keyList);
            } else {
                watched.watch(keyList);
            }
        } catch (RuntimeException failed) {
            throw FastpathExceptionTranslator.translate(failed);
        }
    }

    @Override
    public void unwatch() {
        requireOpen();
        releaseWatch();
    }

    private void releaseWatch() {
        if (watched != null) {
            WatchedConnection held = watched;
            watched = null;
            try {
                held.close();
            } catch (RuntimeException failed) {
                throw FastpathExceptionTranslator.translate(failed);
            }
        }
    }

    // ---- RedisPubSubCommands ----

    @Override
    public boolean isSubscribed() {
        return subscription != null && subscription.isAlive();
    }

    @Override
    public Subscription getSubscription() {
        return subscription;
    }

    @Override
    public Long publish(byte[] channel, byte[] message) {
        return invoke(command("PUBLISH", channel, message), Replies::toLong);
    }

    /** Subscribes and, as Spring's contract says, blocks this thread until the subscription is closed. */
    @Override
    public void subscribe(MessageListener listener, byte[]... channels) {
        Arguments.notNull(listener, "Listener");
        Arguments.noNullElements(channels, "Channels");
        startSubscription(listener).subscribe(channels);
        subscription.awaitClosed();
    }

    /** As {@link #subscribe}, for patterns. */
    @Override
    public void pSubscribe(MessageListener listener, byte[]... patterns) {
        Arguments.notNull(listener, "Listener");
        Arguments.noNullElements(patterns, "Patterns");
        startSubscription(listener).pSubscribe(patterns);
        subscription.awaitClosed();
    }

    private FastpathSubscription startSubscription(MessageListener listener) {
        requireOpen();
        if (isSubscribed()) {
            throw new org.springframework.data.redis.connection.RedisSubscribedConnectionException(
                    "Connection already subscribed; use the connection Subscription to cancel or add new channels");
        }
        if (transaction != null || pipeline != null) {
            throw new InvalidDataAccessApiUsageException("Cannot subscribe in pipeline / transaction mode");
        }
        subscription = new FastpathSubscription(listener, client);
        return subscription;
    }

    // ---- RedisConnectionCommands ----

    /**
     * Switches this connection to the factory's client of database {@code dbIndex} (built once per database); the
     * shared client never changes its database, so other connections are not affected.
     */
    @Override
    public void select(int dbIndex) {
        requireOpen();
        if (transaction != null || pipeline != null || watched != null) {
            // each database is a client of its own: the commands already pipelined, queued or watched belong to the current one
            throw new InvalidDataAccessApiUsageException("SELECT is refused inside a pipeline, a transaction or a WATCH: Fastpath"
                    + " switches this connection to another database's client, and the commands already pipelined, queued or"
                    + " watched belong to the current one; call select before openPipeline(), multi() or watch()");
        }
        client = factory.clientForDatabase(dbIndex);
    }

    @Override
    public byte[] echo(byte[] message) {
        return invoke(command("ECHO", message), Replies::toBytes);
    }

    @Override
    public String ping() {
        return invoke(command("PING"), Replies::toText);
    }

    // ---- RedisCommandsProvider ----

    @Override
    public RedisCommands commands() {
        return this;
    }

    @Override
    public RedisGeoCommands geoCommands() {
        if (geoCommands == null) {
            geoCommands = new FastpathGeoCommands(this);
        }
        return geoCommands;
    }

    @Override
    public RedisHashCommands hashCommands() {
        if (hashCommands == null) {
            hashCommands = new FastpathHashCommands(this);
        }
        return hashCommands;
    }

    @Override
    public RedisHyperLogLogCommands hyperLogLogCommands() {
        if (hyperLogLogCommands == null) {
            hyperLogLogCommands = new FastpathHyperLogLogCommands(this);
        }
        return hyperLogLogCommands;
    }

    @Override
    public RedisKeyCommands keyCommands() {
        if (keyCommands == null) {
            keyCommands = new FastpathKeyCommands(this);
        }
        return keyCommands;
    }

    @Override
    public RedisListCommands listCommands() {
        if (listCommands == null) {
            listCommands = new FastpathListCommands(this);
        }
        return listCommands;
    }

    @Override
    public RedisSetCommands setCommands() {
        if (setCommands == null) {
            setCommands = new FastpathSetCommands(this);
        }
        return setCommands;
    }

    @Override
    public RedisScriptingCommands scriptingCommands() {
        if (scriptingCommands == null) {
            scriptingCommands = new FastpathScriptingCommands(this);
        }
        return scriptingCommands;
    }

    @Override
    public RedisServerCommands serverCommands() {
        if (serverCommands == null) {
            serverCommands = new FastpathServerCommands(this);
        }
        return serverCommands;
    }

    @Override
    public RedisStreamCommands streamCommands() {
        if (streamCommands == null) {
            streamCommands = new FastpathStreamCommands(this);
        }
        return streamCommands;
    }

    @Override
    public RedisStringCommands stringCommands() {
        if (stringCommands == null) {
            stringCommands = new FastpathStringCommands(this);
        }
        return stringCommands;
    }

    @Override
    public RedisZSetCommands zSetCommands() {
        if (zSetCommands == null) {
            zSetCommands = new FastpathZSetCommands(this);
        }
        return zSetCommands;
    }

    /** Raw commands: {@code execute("OBJECT", "ENCODING".getBytes(), key)}; the reply converted to bytes, Long, List... */
    @Override
    public Object execute(String command, byte[]... args) {
        Object[] words = new Object[args.length + 1];
        words[0] = command;
        System.arraycopy(args, 0, words, 1, args.length);
        return invoke(command(words), Replies::toObject);
    }

    @Override
    public String toString() {
        return "FastpathConnection[" + client + (closed ? ", closed" : "") + "]";
    }

}
