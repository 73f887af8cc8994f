package io.fastpath;

import io.fastpath.testkit.RedisServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;

/** One real redis-server and client per test class, emptied before each test. */
abstract class RedisServerPerClass {
    static RedisServer server;
    static RedisClient redis;

    @BeforeAll
    static void start() {
        server = RedisServer.start();
        redis = RedisClient.create(server.uri());
    }

    @AfterAll
    static void stop() {
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
