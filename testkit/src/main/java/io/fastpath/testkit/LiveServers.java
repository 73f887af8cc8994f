package io.fastpath.testkit;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Every server started by this JVM and not yet closed, so a shutdown hook can kill the ones a
 * crashed or interrupted test run left behind.
 */
final class LiveServers {

    /** Added to by test threads, drained by the shutdown hook thread. */
    private static final Set<RedisServer> SERVERS = ConcurrentHashMap.newKeySet();

    static {
        Thread hook = new Thread(LiveServers::destroyAll, "fastpath-testkit-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    private LiveServers() {
    }

    static void register(RedisServer server) {
        SERVERS.add(server);
    }

    static void unregister(RedisServer server) {
        SERVERS.remove(server);
    }

    private static void destroyAll() {
        for (RedisServer server : SERVERS) {
            server.destroyOnJvmExit();
        }
    }
}
