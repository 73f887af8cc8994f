package io.fastpath.internal.hosted;

import io.fastpath.RedisClient;
import io.fastpath.RedisClientBuilder;
import io.netty.channel.EventLoopGroup;
import java.util.Objects;

/**
 * Builds a client whose connections run on a host framework's Netty event loops instead of threads of its own
 * (fastpath-vertx: Vert.x's event loops), for that integration only: {@code module-info} exports this package to
 * {@code io.fastpath.vertx} and nobody else, and nothing here is public API.
 *
 * <p>On the host's loops a command sent from one of them goes to the node's connection on that same loop (see
 * {@code NodeConnections}): it is queued, written and answered without leaving the caller's thread, and a verticle's
 * commands of one loop turn go out in one write. The host owns the loops: closing the client closes its connections
 * and leaves the loops running. Blocking calls on a host loop fail as on any I/O thread of the client.
 */
public final class HostedClients {
    /** What {@link RedisClientBuilder} does for {@link #build}; it installs itself when its class initializes. */
    public interface Builds {
        RedisClient buildOn(RedisClientBuilder builder, EventLoopGroup loops);
    }

    private static volatile Builds builds;

    private HostedClients() {}

    /** Called once by {@link RedisClientBuilder}'s static initializer. */
    public static void install(Builds implementation) {
        builds = implementation;
    }

    /** {@code builder.build()}, with every connection of the client on {@code loops} (which the caller keeps owning). */
    public static RedisClient build(RedisClientBuilder builder, EventLoopGroup loops) {
        Objects.requireNonNull(builder, "builder");
        Objects.requireNonNull(loops, "loops");
        return builds.buildOn(builder, loops); // the builder instance exists, so its class has installed itself
    }
}
