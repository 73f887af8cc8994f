package io.fastpath;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Connects the client to a primary watched by Redis Sentinel instead of a fixed address:
 * {@code RedisClient.builder().sentinel(SentinelOptions.of("mymaster", "s1:26379", "s2:26379")).build()}, or the
 * URI {@code redis-sentinel://[user:password@]s1:26379,s2:26379/mymaster[/db]}. The client asks the Sentinels
 * for the primary, checks it with {@code ROLE}, follows every Sentinel's events and moves its commands to
 * the new primary when one is promoted (docs/topologies.md, "Sentinel"). The data nodes' credentials, TLS, database
 * and {@link ReadPolicy} stay on {@link RedisClientBuilder}; these options hold the Sentinels' own and the
 * failover behaviour. Immutable.
 */
public final class SentinelOptions {
    public static final int DEFAULT_SENTINEL_PORT = 26379;
    /** The longest commands are held for one announced failover that never announces its new primary. */
    public static final Duration DEFAULT_MAX_FAILOVER_HOLD = Duration.ofSeconds(10);
    /** How often the Sentinels are asked again without any event (a safety net). */
    public static final Duration DEFAULT_REFRESH_PERIOD = Duration.ofSeconds(10);

    private final String primaryName;
    private final List<String> sentinels;
    private final String username;
    private final String password;
    private final CredentialsProvider credentialsProvider;
    private final TlsOptions tls;
    private final boolean holdDuringFailover;
    private final Duration maxFailoverHold;
    private final int waitForReplicas;
    private final Duration waitForReplicasTimeout;
    private final Duration refreshPeriod;

    private SentinelOptions(String primaryName, List<String> sentinels, String username, String password,
                            CredentialsProvider credentialsProvider, TlsOptions tls, boolean holdDuringFailover,
                            Duration maxFailoverHold, int waitForReplicas, Duration waitForReplicasTimeout, Duration refreshPeriod) {
        this.primaryName = primaryName;
        this.sentinels = sentinels;
        this.username = username;
        this.password = password;
        this.credentialsProvider = credentialsProvider;
        this.tls = tls;
        this.holdDuringFailover = holdDuringFailover;
        this.maxFailoverHold = maxFailoverHold;
        this.waitForReplicas = waitForReplicas;
        this.waitForReplicasTimeout = waitForReplicasTimeout;
        this.refreshPeriod = refreshPeriod;
    }

    /**
     * The primary the Sentinels monitor as {@code primaryName} ({@code sentinel monitor <name> ...}), found
     * through these Sentinels ({@code host:port}, {@code host} for port 26379, {@code [ipv6]:port}); the
     * others are learned from them with {@code SENTINEL SENTINELS}.
     */
    public static SentinelOptions of(String primaryName, String... sentinels) {
        return of(primaryName, sentinels == null ? null : List.of(sentinels));
    }

    /** As {@link #of(String, String...)}. */
    public static SentinelOptions of(String primaryName, List<String> sentinels) {
        if (primaryName == null || primaryName.isBlank()) {
            throw new RedisArgumentException("the Sentinel primary name must not be empty (the name of 'sentinel monitor <name> ...')");
        }
        if (sentinels == null || sentinels.isEmpty()) {
            throw new RedisArgumentException("at least one Sentinel address (host:port) is needed");
        }
        List<String> checked = new ArrayList<>();
        for (String address : sentinels) {
            HostAndPort.parse(address, DEFAULT_SENTINEL_PORT, "Sentinel address"); // fails here, before anything is sent
            checked.add(address.trim());
        }
        return new SentinelOptions(primaryName, List.copyOf(checked), null, null, null, null, true,
                DEFAULT_MAX_FAILOVER_HOLD, 0, null, DEFAULT_REFRESH_PERIOD);
    }

    /**
     * The Sentinels' own ACL user (null for {@code default}) and password ({@code requirepass} in
     * sentinel.conf). Default: none; the data nodes' credentials are never sent to the Sentinels.
     */
    public SentinelOptions credentials(String username, String password) {
        return new SentinelOptions(primaryName, sentinels, username, password, null, tls, holdDuringFailover,
                maxFailoverHold, waitForReplicas, waitForReplicasTimeout, refreshPeriod);
    }

    /** The Sentinels' credentials, asked on every connect (see {@link CredentialsProvider}); replaces {@link #credentials}. */
    public SentinelOptions credentialsProvider(CredentialsProvider provider) {
        if (provider == null) {
            throw new RedisArgumentException("the Sentinels' credentialsProvider must not be null");
        }
        return new SentinelOptions(primaryName, sentinels, null, null, provider, tls, holdDuringFailover,
                maxFailoverHold, waitForReplicas, waitForReplicasTimeout, refreshPeriod);
    }

    /** TLS to the Sentinels (the data nodes take {@link RedisClientBuilder#tls}). Default: plain TCP. */
    public SentinelOptions tls(TlsOptions options) {
        if (options == null) {
            throw new RedisArgumentException("the Sentinels' tls options must not be null");
        }
        return new SentinelOptions(primaryName, sentinels, username, password, credentialsProvider, options,
                holdDuringFailover, maxFailoverHold, waitForReplicas, waitForReplicasTimeout, refreshPeriod);
    }

    /**
     * Whether the primary's commands are held from the moment a Sentinel announces a failover
     * ({@code +odown}, {@code +try-failover}) until it announces the new primary, where they then go, or
     * aborts (default on). A Sentinel leaves the old primary writable until it demotes it, so without the
     * hold a write acknowledged there during the failover is lost. Held commands wait unwritten, in order,
     * within their command timeout (then fail with {@link RedisNotSentException}).
     */
    public SentinelOptions holdDuringFailover(boolean hold) {
        return new SentinelOptions(primaryName, sentinels, username, password, credentialsProvider, tls, hold,
                maxFailoverHold, waitForReplicas, waitForReplicasTimeout, refreshPeriod);
    }

    /**
     * The longest one hold lasts when no new primary and no abort is announced (a Sentinel died mid-failover):
     * then the Sentinels are asked and the held commands go to the primary they name. Default 10 s.
     */
    public SentinelOptions maxFailoverHold(Duration max) {
        return new SentinelOptions(primaryName, sentinels, username, password, credentialsProvider, tls,
                holdDuringFailover, positive("maxFailoverHold", max), waitForReplicas, waitForReplicasTimeout, refreshPeriod);
    }

    /**
     * Acknowledge a write only once {@code replicas} replicas have it: {@code WAIT replicas timeout} is sent
     * right behind every write on its connection, and a write they did not confirm within {@code timeout}
     * fails with {@link RedisOutcomeUnknownException} (it ran on the primary, but a failover may lose it).
     * Closes the window the hold cannot: a write acknowledged just before a failover, still on its way to
     * the replicas when one is promoted. Costs one replica round trip per write; off by default. Applies to
     * commands on the shared connections (not MULTI/EXEC blocks, blocking commands or WATCH transactions).
     *
     * <p>WAIT counts any replica of the primary, including one with {@code replica-priority 0}, which Sentinel never
     * promotes. A write survives a failover only if the replica Sentinel promotes has it, which is sure only when
     * every replica Sentinel may promote confirmed it: with a priority-0 replica attached, {@code replicas} must
     * count all of them, and writes then fail while one is missing.
     */
    public SentinelOptions waitForReplicas(int replicas, Duration timeout) {
        if (replicas < 1) {
            throw new RedisArgumentException("waitForReplicas needs at least 1 replica, got " + replicas);
        }
        return new SentinelOptions(primaryName, sentinels, username, password, credentialsProvider, tls,
                holdDuringFailover, maxFailoverHold, replicas, positive("waitForReplicas timeout", timeout), refreshPeriod);
    }

    /** How often the Sentinels are asked again without any event; default 10 s. */
    public SentinelOptions refreshPeriod(Duration period) {
        return new SentinelOptions(primaryName, sentinels, username, password, credentialsProvider, tls,
                holdDuringFailover, maxFailoverHold, waitForReplicas, waitForReplicasTimeout, positive("refreshPeriod", period));
    }

    public String primaryName() {
        return primaryName;
    }

    /** The Sentinel addresses given, as given. */
    public List<String> sentinels() {
        return sentinels;
    }

    public String username() {
        return username;
    }

    /** The Sentinels' password, or null. Never printed by this class. */
    public String password() {
        return password;
    }

    public CredentialsProvider credentialsProvider() {
        return credentialsProvider;
    }

    /** TLS to the Sentinels, or null for plain TCP. */
    public TlsOptions tls() {
        return tls;
    }

    public boolean holdDuringFailover() {
        return holdDuringFailover;
    }

    public Duration maxFailoverHold() {
        return maxFailoverHold;
    }

    /** Replicas that must confirm a write before it is acknowledged; 0 when off. */
    public int waitForReplicas() {
        return waitForReplicas;
    }

    /** WAIT's timeout, or null when {@link #waitForReplicas()} is 0. */
    public Duration waitForReplicasTimeout() {
        return waitForReplicasTimeout;
    }

    public Duration refreshPeriod() {
        return refreshPeriod;
    }

    private static Duration positive(String name, Duration duration) {
        if (duration == null || duration.isNegative() || duration.isZero()) {
            throw new RedisArgumentException(name + " must be positive, got " + duration);
        }
        return duration;
    }

    @Override
    public String toString() {
        return "SentinelOptions[" + primaryName + " via " + sentinels + (password != null ? ", password ****" : "")
                + (tls != null ? ", TLS" : "") + (holdDuringFailover ? "" : ", no hold")
                + (waitForReplicas > 0 ? ", waitForReplicas " + waitForReplicas : "") + "]";
    }
}
