package io.fastpath.internal.client;

import io.fastpath.CacheOptions;
import io.fastpath.CommandListener;
import io.fastpath.CredentialsProvider;
import io.fastpath.PubSubOverflow;
import io.fastpath.ReadPolicy;
import io.fastpath.RedisEventListener;
import io.fastpath.SentinelOptions;
import io.fastpath.TlsOptions;
import io.fastpath.internal.connection.Endpoint;
import io.fastpath.internal.connection.ReconnectBackoff;
import io.fastpath.internal.protocol.RespLimits;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executor;

/**
 * Every option of a client as the user gave it, validated, carried from {@code RedisClientBuilder} into the
 * engine: the builder owns each option's default, validation and Javadoc; this record is its only exit, and
 * everything the engine derives (connection settings, Sentinel settings, the default response timeout) is computed
 * from it ({@code internal.assembly.ClientAssembly}, {@code SentinelConfig.from}). A new option is one builder
 * setter and one component here; {@code ClientSettingsCoverageTest} fails until both exist.
 *
 * @param extraSeeds addresses tried in order after host/port when it does not answer (cluster seeds)
 * @param responseTimeout null: the larger of the command timeout and {@link #MIN_DEFAULT_RESPONSE_TIMEOUT}
 * @param clientZone null: none given (every node then counts as another zone; zones are not read)
 * @param tls null: plain TCP
 * @param cache null: no client-side cache
 * @param slowCommandThreshold null: the slow-command log is off
 * @param sentinel null: a fixed address (or a cluster); otherwise the primary is found through these Sentinels
 * @param sentinelAddresses {@code sentinel}'s addresses, parsed where the public address type lives (empty without one)
 */
public record ClientSettings(
        String host,
        int port,
        String username,
        String password,
        CredentialsProvider credentialsProvider,
        int database,
        String clientName,
        int connectionsPerNode,
        int ioThreads,
        boolean congestionDetour,
        Duration loneCallerSpin,
        boolean callerDrivenIo,
        Duration commandTimeout,
        Duration connectTimeout,
        int maxInFlightPerConnection,
        long maxArgumentBytes,
        int maxQueuedWhileDisconnected,
        int blockingConnectionsPerNode,
        int watchConnectionsPerNode,
        Executor completionExecutor,
        boolean directCompletion,
        RespLimits replyLimits,
        ReconnectBackoff reconnectBackoff,
        List<Endpoint> extraSeeds,
        ReadPolicy readPolicy,
        String clientZone,
        int maxRedirects,
        Duration topologyRefreshPeriod,
        boolean redirectsOutsideTopology,
        RedisEventListener eventListener,
        boolean retryReads,
        Duration pingInterval,
        Duration responseTimeout,
        TlsOptions tls,
        CacheOptions cache,
        boolean lazyConnect,
        int pubSubQueueBound,
        PubSubOverflow pubSubOverflow,
        CommandListener commandListener,
        Duration slowCommandThreshold,
        SentinelOptions sentinel,
        List<Endpoint> sentinelAddresses) {

    /** The response timeout is never shorter than this by default, nor than the command timeout. */
    public static final Duration MIN_DEFAULT_RESPONSE_TIMEOUT = Duration.ofSeconds(10);

    public ClientSettings {
        extraSeeds = List.copyOf(extraSeeds);
        clientZone = clientZone == null ? null : clientZone.intern(); // as ServerZone interns each node's: one instance when equal
        sentinelAddresses = List.copyOf(sentinelAddresses);
    }

    /** The response timeout given, or by default the larger of the command timeout and 10 s (a slow command is not a hung server). */
    public Duration effectiveResponseTimeout() {
        if (responseTimeout != null) {
            return responseTimeout;
        }
        return commandTimeout.compareTo(MIN_DEFAULT_RESPONSE_TIMEOUT) > 0 ? commandTimeout : MIN_DEFAULT_RESPONSE_TIMEOUT;
    }
}
