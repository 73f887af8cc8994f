/**
 * Real {@code redis-server} processes for Fastpath's integration tests and benchmarks: standalone
 * servers ({@link io.fastpath.testkit.RedisServer}), local clusters ({@link
 * io.fastpath.testkit.RedisCluster}), JUnit 5 extensions for both, a fault-injecting TCP proxy
 * ({@link io.fastpath.testkit.FaultProxy}) and a minimal RESP client ({@link
 * io.fastpath.testkit.RespClient}) that does not depend on the client under test.
 */
package io.fastpath.testkit;
