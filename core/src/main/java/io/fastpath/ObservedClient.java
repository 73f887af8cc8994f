package io.fastpath;

/** A client as a {@link CommandListener} sees it: its configuration, and the client-side cache's counters. */
public interface ObservedClient {

    /** The host it was configured with (the first seed of a cluster), never with credentials. */
    String serverHost();

    /** The port it was configured with. */
    int serverPort();

    /** The database index every connection selects (0 on a cluster). */
    int database();

    /** The name given with {@link RedisClientBuilder#clientName}, or null. */
    String clientName();

    /** True once the client found a cluster (false while it connects). */
    boolean isCluster();

    /** True when the client-side cache is on. */
    boolean cacheEnabled();

    /** The client-side cache's counters now ({@link CacheStats#DISABLED} when it is off). */
    CacheStats cacheStats();
}
