package io.fastpath.internal.client;

import io.fastpath.CacheStats;
import io.fastpath.ObservedClient;
import io.fastpath.internal.cache.ClientSideCache;

/** The {@link ObservedClient} of one client: its configuration, and the cache's live counters. Any thread. */
public final class ClientObservation implements ObservedClient {
    private final String host;
    private final int port;
    private final int database;
    private final String clientName;
    /** Null when the client-side cache is off. */
    private final ClientSideCache cache;
    /** Set once the client has connected and knows its topology. */
    private volatile boolean cluster;

    public ClientObservation(String host, int port, int database, String clientName, ClientSideCache cache) {
        this.host = host;
        this.port = port;
        this.database = database;
        this.clientName = clientName;
        this.cache = cache;
    }

    public void cluster(boolean isCluster) {
        this.cluster = isCluster;
    }

    @Override
    public String serverHost() {
        return host;
    }

    @Override
    public int serverPort() {
        return port;
    }

    @Override
    public int database() {
        return database;
    }

    @Override
    public String clientName() {
        return clientName;
    }

    @Override
    public boolean isCluster() {
        return cluster;
    }

    @Override
    public boolean cacheEnabled() {
        return cache != null;
    }

    @Override
    public CacheStats cacheStats() {
        return cache == null ? CacheStats.DISABLED : cache.stats();
    }

    @Override
    public String toString() {
        return "ObservedClient[" + host + ":" + port + (clientName == null ? "" : ", " + clientName) + "]";
    }
}
