package io.fastpath.spring.boot;

import io.fastpath.ReadPolicy;
import io.fastpath.RedisClientBuilder;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Fastpath's own settings, beside the standard {@code spring.data.redis.*} ones (address, credentials, SSL,
 * timeouts, client name, database), which the starter reads as Boot's Lettuce and Jedis configurations do.
 */
@ConfigurationProperties("fastpath")
public class FastpathProperties {
    /**
     * Multiplexed connections per server (a power of two); every template call shares them. 0 means the client's
     * default: 4, and on a cluster of more than 8 nodes 2 or 1 (a budget of about 32 connections in all).
     */
    private int connectionsPerNode = 0;
    /** Event-loop threads of the client; 0 means one per core. */
    private int ioThreads = 0;
    /** Connections per server for blocking commands (BLPOP, XREAD BLOCK...), opened on first use. */
    private int blockingConnectionsPerNode = 8;
    /** Connections per server for WATCH transactions, opened on first use. */
    private int watchConnectionsPerNode = 4;
    /** Cluster and Sentinel: which node serves read-only commands (replicas under all but PRIMARY). */
    private ReadPolicy readPolicy = ReadPolicy.PRIMARY;
    /** Cluster and Sentinel: the availability zone the application runs in; the zone read policies need it. */
    private String clientZone;
    /** Whether pipeline and transaction results are converted to Spring's types, as with Lettuce's factory. */
    private boolean convertPipelineAndTxResults = true;
    /** How long a template call waiting alone may spin before its thread parks (0 to 1 ms; 0 never spins). */
    private Duration loneCallerSpin = RedisClientBuilder.DEFAULT_LONE_CALLER_SPIN;
    /**
     * Caller-driven I/O: a template call that finds one of the server's connections free writes its command and reads
     * its reply on its own thread instead of handing it to an I/O thread; give about as many connections-per-node as
     * concurrent callers. Standalone, cluster and Sentinel; with a client-side cache or direct completion (set by a
     * customizer) the context fails to start.
     * Unset: on where it applies (off with a client-side cache or direct completion set by a customizer) unless
     * spring.threads.virtual.enabled is true on JDK 21 or later (virtual threads never drive a loop).
     */
    private Boolean callerDrivenIo;

    public Boolean getCallerDrivenIo() {
        return callerDrivenIo;
    }

    public void setCallerDrivenIo(Boolean callerDrivenIo) {
        this.callerDrivenIo = callerDrivenIo;
    }

    public Duration getLoneCallerSpin() {
        return loneCallerSpin;
    }

    public void setLoneCallerSpin(Duration loneCallerSpin) {
        this.loneCallerSpin = loneCallerSpin;
    }

    public int getConnectionsPerNode() {
        return connectionsPerNode;
    }

    public void setConnectionsPerNode(int connectionsPerNode) {
        this.connectionsPerNode = connectionsPerNode;
    }

    public int getIoThreads() {
        return ioThreads;
    }

    public void setIoThreads(int ioThreads) {
        this.ioThreads = ioThreads;
    }

    public int getBlockingConnectionsPerNode() {
        return blockingConnectionsPerNode;
    }

    public void setBlockingConnectionsPerNode(int blockingConnectionsPerNode) {
        this.blockingConnectionsPerNode = blockingConnectionsPerNode;
    }

    public int getWatchConnectionsPerNode() {
        return watchConnectionsPerNode;
    }

    public void setWatchConnectionsPerNode(int watchConnectionsPerNode) {
        this.watchConnectionsPerNode = watchConnectionsPerNode;
    }

    public ReadPolicy getReadPolicy() {
        return readPolicy;
    }

    public void setReadPolicy(ReadPolicy readPolicy) {
        this.readPolicy = readPolicy;
    }

    public String getClientZone() {
        return clientZone;
    }

    public void setClientZone(String clientZone) {
        this.clientZone = clientZone;
    }

    public boolean isConvertPipelineAndTxResults() {
        return convertPipelineAndTxResults;
    }

    public void setConvertPipelineAndTxResults(boolean convertPipelineAndTxResults) {
        this.convertPipelineAndTxResults = convertPipelineAndTxResults;
    }
}
