package io.fastpath.spring.projects.integration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.spring.FastpathConnectionFactory;
import io.fastpath.spring.projects.Deployment;
import java.util.ArrayList;
import java.util.ConcurrentModificationException;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.integration.redis.util.RedisLockRegistry;
import org.springframework.integration.redis.util.RedisLockRegistry.RedisLockType;

/**
 * Spring Integration's RedisLockRegistry in both lock types: SPIN_LOCK polls the store, PUB_SUB_LOCK waits for the
 * unlock message its script publishes. Two registries with one registry key stand for two application instances.
 */
abstract class RedisLockRegistryContract {
    private static final long EXPIRE_AFTER_MILLIS = 60_000;
    private static final long CONTENDER_EXPIRE_MILLIS = 2_000;

    private FastpathConnectionFactory factory;
    private final List<RedisLockRegistry> registries = new ArrayList<>();
    /** One thread: a Redis lock is owned by the thread that took it, so the same thread must release it. */
    private final ExecutorService otherThread = Executors.newSingleThreadExecutor();
    private final String registryKey = "locks-" + UUID.randomUUID();

    abstract Deployment deployment();

    @BeforeEach
    void startTheFactory() {
        factory = deployment().newFactory();
    }

    @AfterEach
    void stop() {
        otherThread.shutdownNow();
        registries.forEach(RedisLockRegistry::destroy);
        factory.destroy();
    }

    @ParameterizedTest
    @EnumSource(RedisLockType.class)
    void aLockIsHeldInRedisReentrantlyUntilItsHolderReleasesIt(RedisLockType type) {
        Lock lock = registry(type, EXPIRE_AFTER_MILLIS).obtain("order-1");
        lock.lock();
        lock.lock();
        assertThat(deployment().countKeys(registryKey + ":order-1")).isEqualTo(1);

        lock.unlock();
        assertThat(deployment().countKeys(registryKey + ":order-1")).isEqualTo(1);
        lock.unlock();
        assertThat(deployment().countKeys(registryKey + ":order-1")).isZero();
    }

    @ParameterizedTest
    @EnumSource(RedisLockType.class)
    void anotherInstanceWaitsWhileTheLockIsHeldAndGetsItOnceReleased(RedisLockType type) throws Exception {
        Lock held = registry(type, EXPIRE_AFTER_MILLIS).obtain("order-2");
        Lock contender = registry(type, EXPIRE_AFTER_MILLIS).obtain("order-2");
        held.lock();

        assertThat(contender.tryLock()).isFalse();
        CompletableFuture<Boolean> waiting = CompletableFuture.supplyAsync(() -> tryLock(contender, 30), otherThread);
        held.unlock();

        assertThat(waiting.get(40, TimeUnit.SECONDS)).isTrue();
        assertThat(held.tryLock()).isFalse();
        otherThread.submit(contender::unlock).get(10, TimeUnit.SECONDS);
        assertThat(held.tryLock()).isTrue();
        held.unlock();
    }

    @ParameterizedTest
    @EnumSource(RedisLockType.class)
    void anotherThreadOfTheSameInstanceWaitsForTheHolder(RedisLockType type) throws Exception {
        RedisLockRegistry registry = registry(type, EXPIRE_AFTER_MILLIS);
        registry.obtain("order-3").lock();

        assertThat(otherThread.submit(() -> registry.obtain("order-3").tryLock(100, TimeUnit.MILLISECONDS))
                .get(10, TimeUnit.SECONDS)).isFalse();
        registry.obtain("order-3").unlock();
        assertThat(otherThread.submit(() -> {
            Lock lock = registry.obtain("order-3");
            boolean obtained = lock.tryLock(10, TimeUnit.SECONDS);
            lock.unlock();
            return obtained;
        }).get(20, TimeUnit.SECONDS)).isTrue();
    }

    @ParameterizedTest
    @EnumSource(RedisLockType.class)
    void aLockWhoseEntryExpiredIsTakenOverByAnotherInstance(RedisLockType type) throws Exception {
        Lock expiring = registry(type, 500).obtain("order-4");
        // The contender's own entry outlives the steps between its lock() and its unlock() even on a saturated machine
        // (with 500 ms it expired there once, under load 30, and its unlock threw); it still retries every 2 s
        Lock contender = registry(type, CONTENDER_EXPIRE_MILLIS).obtain("order-4");
        expiring.lock();

        // lock(), not tryLock(time): a PUB_SUB_LOCK's timed wait listens for an unlock message only, and an expired
        // entry publishes none; lock() retries every expireAfter
        otherThread.submit(contender::lock).get(30, TimeUnit.SECONDS);
        assertThatThrownBy(expiring::unlock).isInstanceOf(ConcurrentModificationException.class)
                .hasMessageContaining("expiration");
        otherThread.submit(contender::unlock).get(10, TimeUnit.SECONDS);
        assertThat(deployment().countKeys(registryKey + ":order-4")).isZero();
    }

    private RedisLockRegistry registry(RedisLockType type, long expireAfterMillis) {
        RedisLockRegistry registry = new RedisLockRegistry(factory, registryKey, expireAfterMillis);
        registry.setRedisLockType(type);
        registries.add(registry);
        return registry;
    }

    private static boolean tryLock(Lock lock, int seconds) {
        try {
            return lock.tryLock(seconds, TimeUnit.SECONDS);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

}
