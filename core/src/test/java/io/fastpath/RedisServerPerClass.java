package io.fastpath;

import io.fastpath.testkit.RedisServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.TestInstance;

/**
 * One real redis-server and client per test class, emptied before each test. Per-class instances keep
 * each class's server in its own fields, so classes never share one even when run in parallel.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class RedisServerPerClass {
    RedisServer server;
    RedisClient redis;

    @BeforeAll
    void start() {
        server = RedisServer.start();
        redis = RedisClient.create(server.uri());
    }

    @AfterAll
    void stop() {
        if (redis != null) {
            redis.close();
        }
        if (server != null) {
            server.close();
        }
    }

    @BeforeEach
    void flush() {
        redis.flushall();
    }
}
