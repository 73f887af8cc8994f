/**
 * Fastpath, a Redis and Valkey client: the public API is {@code io.fastpath} (the client, its options, exceptions and
 * events) and {@code io.fastpath.command} (the commands: builders, arguments, replies, views); everything under
 * {@code io.fastpath.internal} stays inside this module.
 */
module io.fastpath {
    exports io.fastpath;
    exports io.fastpath.command;
    // fastpath-vertx only: a client on Vert.x's own event loops (not public API)
    exports io.fastpath.internal.hosted to io.fastpath.vertx;

    requires io.netty.buffer;
    requires io.netty.codec;
    requires io.netty.common;
    requires io.netty.handler;
    requires io.netty.transport;
    requires com.github.benmanes.caffeine;
    requires org.jctools.core;
    // Optional: used when present and its native library loads (internal.connection.Transport); NIO otherwise
    requires static io.netty.transport.classes.epoll;
}
