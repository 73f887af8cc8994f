package io.fastpath.internal.pubsub;

import io.fastpath.PubSubMessage;
import io.fastpath.RedisServerException;
import io.fastpath.command.Reply;
import io.fastpath.internal.client.ClientResources;
import io.fastpath.internal.command.CommandSpec;
import io.fastpath.internal.command.Converters;
import io.fastpath.internal.connection.CommandFuture;
import io.fastpath.internal.connection.Connection;
import io.fastpath.internal.connection.ConnectionSettings;
import io.fastpath.internal.connection.Endpoint;
import io.fastpath.internal.routing.SlotHash;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * One connection used only for pub/sub, so a resubscribe storm never delays the shared command
 * connections. It knows the names it should be subscribed to and re-issues all of them in every handshake
 * (a {@link io.fastpath.internal.connection.HandshakeExtension}), so after a reconnect it is not used
 * again until they are back. Message pushes go to its owner (the {@link PubSubEngine}, or a {@link ChannelWatcher}).
 *
 * <p>RESP3 only: SUBSCRIBE and its kin are answered by push frames, so each is sent as an
 * {@linkplain CommandFuture#answeredByPush() answered-by-push} command followed by a PING whose reply
 * confirms everything before it (the server handles a connection's commands in order).
 *
 * <p>Thread ownership: the name sets are concurrent (callers add, the event loop reads in the handshake);
 * pushes arrive on the connection's event loop.
 */
final class SubscriberConnection {
    private static final int NAMES_PER_COMMAND = 1024;
    private static final byte[] PING = "PING".getBytes(StandardCharsets.US_ASCII);

    private final Connection connection;
    private final SubscriberOwner engine;
    private final long handshakeTimeoutNanos;
    // Any thread: what this connection should be subscribed to; the handshake re-issues all of it.
    private final Map<PubSubKind, Set<String>> names = new EnumMap<>(PubSubKind.class);
    // Any thread: subscribe commands sent by subscribe() and not answered yet (none of them written on the current
    // channel while its handshake runs: writes wait for the handshake, and a lost channel's are taken back).
    private final Set<Unanswered> unanswered = ConcurrentHashMap.newKeySet();

    /** A subscribe command sent by {@link #subscribe}, with the names it asks for. */
    private record Unanswered(PubSubKind kind, List<String> names, CommandFuture<Reply> command) {}

    SubscriberConnection(Endpoint endpoint, ConnectionSettings settings, ClientResources resources, SubscriberOwner engine) {
        this.engine = engine;
        this.handshakeTimeoutNanos = TimeUnit.MILLISECONDS.toNanos(Math.max(1000, settings.connectTimeout().toMillis()));
        for (PubSubKind kind : PubSubKind.values()) {
            names.put(kind, ConcurrentHashMap.newKeySet());
        }
        this.connection = new Connection(endpoint, settings, resources.nextEventLoop(), resources.channelType());
        connection.pushListener(this::onPush);
        connection.handshakeExtension(this::resubscribe);
    }

    CompletableFuture<Void> start() {
        return connection.start();
    }

    Endpoint endpoint() {
        return connection.endpoint();
    }

    Connection connection() {
        return connection;
    }

    /** The names of {@code kind} this connection is subscribed to (a live view). */
    Set<String> names(PubSubKind kind) {
        return names.get(kind);
    }

    boolean isEmpty() {
        for (Set<String> set : names.values()) {
            if (!set.isEmpty()) {
                return false;
            }
        }
        return true;
    }

    /**
     * Any thread: subscribes to {@code added}; the future completes when the server has confirmed all of
     * them, or fails with the first error (a shard channel's MOVED, for one).
     */
    CompletableFuture<Void> subscribe(PubSubKind kind, Collection<String> added, long deadlineNanos) {
        List<CommandFuture<Reply>> commands = new ArrayList<>();
        for (List<String> group : groups(kind, added)) {
            CommandFuture<Reply> command = new CommandFuture<>(spec(kind.subscribe, group), true, deadlineNanos).answeredByPush();
            Unanswered waiting = new Unanswered(kind, group, command);
            unanswered.add(waiting); // before the names: a handshake that re-issues them sees this command too
            command.whenComplete((reply, failure) -> unanswered.remove(waiting));
            commands.add(command);
        }
        names.get(kind).addAll(added);
        return send(commands, deadlineNanos);
    }

    /** Any thread: stops re-subscribing {@code removed} and tells the server; the outcome is not awaited. */
    void unsubscribe(PubSubKind kind, Collection<String> removed, long deadlineNanos) {
        names.get(kind).removeAll(removed);
        List<CommandFuture<Reply>> commands = new ArrayList<>();
        for (List<String> group : groups(kind, removed)) {
            commands.add(new CommandFuture<>(spec(kind.unsubscribe, group), true, deadlineNanos).answeredByPush());
        }
        send(commands, deadlineNanos);
    }

    /** Forgets names whose subscription failed here, so the next handshake does not re-issue them. */
    void forget(PubSubKind kind, Collection<String> failed) {
        names.get(kind).removeAll(failed);
    }

    /** Sends {@code commands} and a PING confirming them; the future completes when all are answered. */
    private CompletableFuture<Void> send(List<CommandFuture<Reply>> commands, long deadlineNanos) {
        List<CompletableFuture<?>> sent = new ArrayList<>();
        for (CommandFuture<Reply> command : commands) {
            connection.send(command);
            sent.add(command);
        }
        CommandFuture<Reply> ping = new CommandFuture<>(spec(PING, List.of()), true, deadlineNanos);
        connection.send(ping);
        sent.add(ping);
        return CompletableFuture.allOf(sent.toArray(new CompletableFuture<?>[0]));
    }

    /** Event loop, at the end of every handshake: re-issues every current name, then waits for a PING. */
    private CompletableFuture<?> resubscribe(Consumer<CommandFuture<?>> writer) {
        if (isEmpty()) {
            return CompletableFuture.completedFuture(null);
        }
        long deadline = System.nanoTime() + handshakeTimeoutNanos;
        for (PubSubKind kind : PubSubKind.values()) {
            for (List<String> group : groups(kind, List.copyOf(names.get(kind)))) {
                CommandFuture<Reply> future = new CommandFuture<>(spec(kind.subscribe, group), true, deadline).answeredByPush();
                future.whenComplete((reply, failure) -> {
                    if (failure instanceof RedisServerException refused) { // e.g. MOVED: the slot moved while disconnected
                        engine.resubscribeRefused(this, kind, group, refused);
                    } else if (failure == null) {
                        answerWaitingCommandsFor(kind, group, reply);
                    }
                });
                writer.accept(future);
            }
        }
        CommandFuture<Reply> ping = new CommandFuture<>(spec(PING, List.of()), true, deadline);
        ping.thenRun(() -> engine.resubscribed(this));
        writer.accept(ping);
        return ping;
    }

    /**
     * Event loop, during a handshake: a subscribe command still waiting to be written asks only for names this
     * handshake has just subscribed, so it is answered with the same reply and never written (writing skips answered
     * commands). Without this, a connection subscribed to before its first handshake ended sent every name twice.
     */
    private void answerWaitingCommandsFor(PubSubKind kind, List<String> subscribed, Reply reply) {
        Set<String> covered = Set.copyOf(subscribed);
        for (Unanswered waiting : unanswered) {
            if (waiting.kind == kind && covered.containsAll(waiting.names)) {
                waiting.command.complete(reply);
            }
        }
    }

    /** Names per command: shard channels of one command must share a slot, others only need chunking. */
    private static List<List<String>> groups(PubSubKind kind, Collection<String> targets) {
        Map<Integer, List<String>> bySlot = new LinkedHashMap<>();
        for (String name : targets) {
            int slot = kind == PubSubKind.SHARD ? SlotHash.slot(name.getBytes(StandardCharsets.UTF_8)) : 0;
            bySlot.computeIfAbsent(slot, unused -> new ArrayList<>()).add(name);
        }
        List<List<String>> groups = new ArrayList<>();
        for (List<String> sameSlot : bySlot.values()) {
            for (int from = 0; from < sameSlot.size(); from += NAMES_PER_COMMAND) {
                groups.add(List.copyOf(sameSlot.subList(from, Math.min(sameSlot.size(), from + NAMES_PER_COMMAND))));
            }
        }
        return groups;
    }

    private static CommandSpec<Reply> spec(byte[] command, List<String> group) {
        byte[][] args = new byte[group.size() + 1][];
        args[0] = command;
        for (int i = 0; i < group.size(); i++) {
            args[i + 1] = group.get(i).getBytes(StandardCharsets.UTF_8);
        }
        return new CommandSpec<>(new String(command, StandardCharsets.US_ASCII), args, Converters.REPLY, null, false);
    }

    /**
     * Event loop: a message goes to its listeners, but only for a name this connection still holds: once a name is
     * unsubscribed here or moved to another connection (a shard channel following its slot), what the server still
     * pushes for it on this one is dropped. A demoted primary keeps serving its shard's channels and receives their
     * messages by replication, so without this a message could arrive twice, the second copy after later ones (the
     * soak's pub/sub oracle saw both). A {@code sunsubscribe} we did not ask for means the slot moved.
     */
    void onPush(Reply.PushReply push) {
        List<Reply> elements = push.elements();
        String type = push.kind();
        if (type.equals(PubSubKind.CHANNEL.messageType) && elements.size() >= 3) {
            String channel = text(elements.get(1));
            if (holds(PubSubKind.CHANNEL, channel)) {
                engine.deliver(PubSubKind.CHANNEL, channel, new PubSubMessage(channel, null, bytes(elements.get(2))));
            }
        } else if (type.equals(PubSubKind.PATTERN.messageType) && elements.size() >= 4) {
            String pattern = text(elements.get(1));
            String channel = text(elements.get(2));
            if (holds(PubSubKind.PATTERN, pattern)) {
                engine.deliver(PubSubKind.PATTERN, pattern, new PubSubMessage(channel, pattern, bytes(elements.get(3))));
            }
        } else if (type.equals(PubSubKind.SHARD.messageType) && elements.size() >= 3) {
            String channel = text(elements.get(1));
            if (holds(PubSubKind.SHARD, channel)) {
                engine.deliver(PubSubKind.SHARD, channel, new PubSubMessage(channel, null, bytes(elements.get(2))));
            }
        } else if (type.equals("sunsubscribe") && elements.size() >= 2) {
            String channel = text(elements.get(1));
            // Our own SUNSUBSCRIBE removed the name before it was sent; still present means the server dropped it.
            if (channel != null && names.get(PubSubKind.SHARD).remove(channel)) {
                engine.shardChannelDropped(this, channel);
            }
        }
        // Other pushes (subscribe confirmations, unsubscribe counts) need nothing: the PING after them confirms.
    }

    private boolean holds(PubSubKind kind, String name) {
        return name != null && names.get(kind).contains(name);
    }

    private static String text(Reply reply) {
        if (reply instanceof Reply.BulkStringReply bulk) {
            return bulk.asUtf8();
        }
        return reply instanceof Reply.SimpleStringReply simple ? simple.value() : null;
    }

    private static byte[] bytes(Reply reply) {
        if (reply instanceof Reply.BulkStringReply bulk) {
            return bulk.value();
        }
        String text = text(reply);
        return text == null ? new byte[0] : text.getBytes(StandardCharsets.UTF_8);
    }

    CompletableFuture<Void> close() {
        return connection.close(0);
    }

    @Override
    public String toString() {
        return "SubscriberConnection[" + endpoint() + "]";
    }
}
