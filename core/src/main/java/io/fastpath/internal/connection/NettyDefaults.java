package io.fastpath.internal.connection;

import java.util.Properties;

/**
 * Netty settings the client chooses where the application has chosen none. Netty reads them once, when its
 * {@code PlatformDependent} class initializes, so {@code RedisClientBuilder} applies them before anything of the
 * client touches Netty; where Netty already runs (an application on Vert.x or Reactor Netty) they change nothing.
 *
 * <p>{@code io.netty.jfr.enabled=false}: Netty 4.2's buffer allocators register their JFR events on the first buffer
 * allocated, which loads JFR's metadata on the I/O thread before the first handshake: about 290 ms of a JVM's first
 * client's 930 ms to its first reply on one server (benchmarks/RESULTS.md, "A JVM's first client"). The cost of the
 * default: no {@code io.netty.*} allocation events in JFR recordings; {@code -Dio.netty.jfr.enabled=true} keeps them.
 *
 * <p>Thread ownership: stateless; system properties are thread-safe.
 */
public final class NettyDefaults {
    /** Netty's switch for its allocators' JFR events (true by default where JFR is available). */
    public static final String JFR_PROPERTY = "io.netty.jfr.enabled";

    private NettyDefaults() {}

    /** Applies the defaults to the JVM's system properties, leaving any the application set. */
    public static void apply() {
        try {
            apply(System.getProperties());
        } catch (SecurityException notAllowed) {
            // Under a security manager that forbids it Netty keeps its own defaults: slower to start, nothing else.
        }
    }

    /** Applies the defaults to {@code properties}, leaving any already set. */
    static void apply(Properties properties) {
        properties.putIfAbsent(JFR_PROPERTY, "false");
    }
}
