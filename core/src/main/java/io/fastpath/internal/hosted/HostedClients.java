package io.fastpath.internal.hosted;

import io.fastpath.RedisClient;
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
    /**
     * What {@code RedisClientBuilder} does for {@link #build}; it installs itself when its class initializes. The
     * builder travels as an {@code Object} so that this package never imports the public builder (which imports
     * it): the seam is typed at its one caller, fastpath-vertx, and cast back in the builder.
     */
    public interface Builds {
        RedisClient buildOn(Object builder, EventLoopGroup loops);
    }

    private static volatile Builds builds;

    private HostedClients() {}

    /** Called once by {@code RedisClientBuilder}'s static initializer. */
    public static void install(Builds implementation) {
        builds = implementation;
    }

    /**
     * {@code builder.build()} for a {@code RedisClientBuilder}, with every connection of the client on {@code loops}
     * (which the caller keeps owning); the builder's class is initialized, so installed, once an instance exists.
     */
    public static RedisClient build(Object builder, EventLoopGroup loops) {
        Objects.requireNonNull(builder, "builder");
        Objects.requireNonNull(loops, "loops");
        return builds.buildOn(builder, loops);
    }
}
