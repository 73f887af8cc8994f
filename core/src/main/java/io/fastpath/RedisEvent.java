package io.fastpath;

import java.time.Duration;
import java.util.List;

/**
 * What a {@link RedisEventListener} is told: connection life cycle, cluster changes and Sentinel failovers. Nodes are named
 * {@code host:port}; no event carries a secret.
 */
public sealed interface RedisEvent {

    /** A connection finished its handshake (first connect or reconnect) and carries commands again. */
    record Connected(String node) implements RedisEvent {}

    /** A ready or handshaking connection was lost; {@code reason} says why (closed by the peer, a failure...). */
    record Disconnected(String node, String reason) implements RedisEvent {}

    /**
     * A connection will try again after {@code delay}: {@code attempt} counts from 1 since it was last
     * ready, and {@code lastFailure} is why the previous one failed.
     */
    record ReconnectAttempt(String node, int attempt, Duration delay, String lastFailure) implements RedisEvent {}

    /**
     * A cluster topology was applied that differs from the previous one: nodes the client now connects
     * to or retired, and how many slots changed primary (all covered slots on the first load).
     */
    record TopologyChanged(List<String> nodesAdded, List<String> nodesRemoved, int slotsReassigned)
            implements RedisEvent {}

    /** Cluster node {@code node} answered MOVED or ASK ({@code kind}) for {@code slot}; the command went to {@code target}. */
    record Redirected(String node, String kind, int slot, String target) implements RedisEvent {}

    /**
     * Sentinel: a Sentinel said a failover of the primary named {@code primaryName} (at {@code primary}) is
     * coming ({@code +odown} or {@code +try-failover}, in {@code announcement}); with
     * {@code SentinelOptions.holdDuringFailover} on (the default), the primary's commands wait from now on.
     */
    record FailoverAnnounced(String primaryName, String primary, String sentinel, String announcement) implements RedisEvent {}

    /**
     * Sentinel: commands for {@code primaryName} go to {@code to} from now on (it was {@code from});
     * {@code reason} says what showed it (a Sentinel's {@code +promoted-slave} or {@code +switch-master},
     * or the Sentinels asked after a lost connection or a READONLY reply). Held commands follow to {@code to}.
     */
    record PrimaryChanged(String primaryName, String from, String to, String reason) implements RedisEvent {}

    /**
     * Sentinel: a held failover ended without a new primary ({@code reason}: the Sentinels aborted it, or
     * it lasted longer than {@code SentinelOptions.holdDuringFailover}'s bound); held commands go to
     * {@code primary} again.
     */
    record FailoverEnded(String primaryName, String primary, String reason) implements RedisEvent {}

    /**
     * The listener fell so far behind that the event queue (8,192 events) was full: {@code dropped} newer
     * events were lost since the last such report ({@code droppedTotal} since the client started). Told
     * once the listener has caught up with the queue.
     */
    record EventsDropped(long dropped, long droppedTotal) implements RedisEvent {}

    /**
     * A subscription's listener fell behind and its delivery queue ({@code bound} messages) was full, so
     * messages are being lost under {@code policy} (a {@link PubSubOverflow} name); told once per overflow
     * (again only after the queue emptied), with {@code droppedSoFar} messages lost by this subscription.
     * Under {@link PubSubOverflow#UNSUBSCRIBE} the subscription is closed ({@code closed}).
     */
    record SubscriptionOverflow(String kind, List<String> names, String policy, int bound, long droppedSoFar, boolean closed)
            implements RedisEvent {}
}
