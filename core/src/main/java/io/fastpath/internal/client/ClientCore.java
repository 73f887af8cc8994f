package io.fastpath.internal.client;

import io.fastpath.Command;
import io.fastpath.RedisConnectionException;
import io.fastpath.RedisException;
import io.fastpath.RedisTimeoutException;
import io.fastpath.internal.command.CommandSpec;
import io.fastpath.internal.connection.CommandFuture;
import io.fastpath.internal.connection.Connection;
import io.fastpath.internal.connection.ConnectionSettings;
import io.fastpath.internal.connection.Endpoint;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The shared engine behind every view of a client: routes a command to a connection and, for the
 * blocking API, waits for it. Thread-safe; one per {@code RedisClient}.
 */
public final class ClientCore implements AutoCloseable {
    private final ClientResources resources;
    private final NodeConnections node;
    private final long commandTimeoutNanos;
    private final long closeGraceNanos;

    private ClientCore(ClientResources resources, NodeConnections node, Duration commandTimeout) {
        this.resources = resources;
        this.node = node;
        this.commandTimeoutNanos = commandTimeout.toNanos();
        this.closeGraceNanos = Math.min(commandTimeout.toNanos(), TimeUnit.SECONDS.toNanos(5));
    }

    /** Opens every connection and waits for their handshakes; fails with the first connection error. */
    public static ClientCore connect(Endpoint endpoint, ConnectionSettings settings, ClientResources resources,
                                     int connectionsPerNode, Duration commandTimeout) {
        Connection[] connections = new Connection[connectionsPerNode];
        CompletableFuture<?>[] ready = new CompletableFuture<?>[connectionsPerNode];
        for (int i = 0; i < connectionsPerNode; i++) {
            connections[i] = new Connection(endpoint, settings, resources.nextEventLoop(), resources.channelType());
            ready[i] = connections[i].start();
        }
        ClientCore core = new ClientCore(resources, new NodeConnections(connections), commandTimeout);
        try {
            CompletableFuture.allOf(ready).get(settings.connectTimeout().toMillis() * 2 + 1000, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            core.close();
            Throwable cause = e.getCause();
            if (cause instanceof RedisException redis) {
                throw redis;
            }
            throw new RedisConnectionException(endpoint.toString(), "cannot connect: " + cause, cause);
        } catch (TimeoutException e) {
            core.close();
            throw new RedisConnectionException(endpoint.toString(), "the connection was not ready within the connect timeout", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            core.close();
            throw new RedisConnectionException(endpoint.toString(), "interrupted while connecting", e);
        }
        return core;
    }

    /** Per calling thread: its commands not yet completed, so routing knows when it may detour. */
    private static final ThreadLocal<AtomicInteger> IN_FLIGHT_BY_THREAD = ThreadLocal.withInitial(AtomicInteger::new);

    public <T> CompletableFuture<T> dispatch(Command<T> command) {
        return send(spec(command), false, System.nanoTime() + commandTimeoutNanos);
    }

    private <T> CommandFuture<T> send(CommandSpec<T> spec, boolean blocking, long deadline) {
        AtomicInteger inFlight = IN_FLIGHT_BY_THREAD.get();
        boolean idle = inFlight.get() == 0;
        inFlight.incrementAndGet();
        CommandFuture<T> future = new CommandFuture<>(spec, blocking, deadline, inFlight);
        node.route(spec.routingKey(), idle).send(future);
        return future;
    }

    /** Sends and waits; the future completes on the I/O thread since no user code can be attached to it. */
    public <T> T execute(Command<T> command) {
        long deadline = System.nanoTime() + commandTimeoutNanos;
        return await(send(spec(command), true, deadline));
    }

    private static <T> T await(CommandFuture<T> future) {
        try {
            // Untimed: the connection's deadline timer completes the future, and an untimed park is cheaper
            // than a timed one (ConcurrentGetScenario, client CPU per op).
            return future.get();
        } catch (ExecutionException e) {
            throw rethrowable(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            future.cancel(false); // leaves a tombstone; the reply, if any, is dropped
            throw new RedisException("interrupted while waiting for " + future.spec().name(), e);
        }
    }

    /** The command's own exception, with the caller's stack added so a blocking failure shows where it was called. */
    private static RuntimeException rethrowable(Throwable cause) {
        if (cause instanceof RuntimeException runtime) {
            runtime.addSuppressed(new CallerStackTrace());
            return runtime;
        }
        return new RedisException(String.valueOf(cause), cause);
    }

    @SuppressWarnings("unchecked")
    private static <T> CommandSpec<T> spec(Command<T> command) {
        if (command instanceof CommandSpec<?> spec) {
            return (CommandSpec<T>) spec;
        }
        throw new IllegalArgumentException("commands must be built by a CommandBuilder");
    }

    public NodeConnections node() {
        return node;
    }

    public ClientResources resources() {
        return resources;
    }

    @Override
    public void close() {
        Connection[] connections = node.all();
        CompletableFuture<?>[] closed = new CompletableFuture<?>[connections.length];
        for (int i = 0; i < connections.length; i++) {
            closed[i] = connections[i].close(closeGraceNanos);
        }
        try {
            CompletableFuture.allOf(closed).get(closeGraceNanos + TimeUnit.SECONDS.toNanos(2), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException ignored) {
            // Closing proceeds regardless: the event loops shut down next and take the channels with them.
        }
        resources.close();
    }

    /** Marks where a blocking call was made, on an exception created by an I/O thread. */
    static final class CallerStackTrace extends RuntimeException {
        private static final long serialVersionUID = 1L;

        CallerStackTrace() {
            super("called from here");
        }
    }
}
