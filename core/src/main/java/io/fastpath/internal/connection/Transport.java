package io.fastpath.internal.connection;

import io.fastpath.RedisArgumentException;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoEventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import java.util.function.Supplier;

/**
 * The socket transport: native epoll when {@code netty-transport-native-epoll} is on the class path (or module
 * path) and loads on this platform, NIO otherwise. The epoll classes are touched only through {@link EpollTransport},
 * after checking that they exist, so the client runs without them.
 */
public final class Transport {
    private static final boolean EPOLL = epollClassesPresent() && EpollTransport.isAvailable();

    private Transport() {}

    public static IoHandlerFactory ioHandlerFactory() {
        return EPOLL ? EpollTransport.ioHandlerFactory() : NioIoHandler.newFactory();
    }

    public static Class<? extends SocketChannel> channelType() {
        return EPOLL ? EpollTransport.channelType() : NioSocketChannel.class;
    }

    /** The socket channel type a host's event loops serve (epoll or NIO), for a client hosted on them. */
    public static Class<? extends SocketChannel> channelTypeFor(EventLoopGroup hostLoops) {
        if (hostLoops instanceof IoEventLoopGroup loops) {
            if (EPOLL && loops.isIoType(EpollTransport.ioHandlerType())) {
                return EpollTransport.channelType();
            }
            if (loops.isIoType(NioIoHandler.class)) {
                return NioSocketChannel.class;
            }
        }
        throw new RedisArgumentException("the host's event loops serve neither epoll nor NIO sockets: " + hostLoops);
    }

    public static String name() {
        return EPOLL ? "epoll" : "nio";
    }

    /**
     * The bootstrap of one connection's channels: TCP_NODELAY, keep-alive, the connect timeout, TLS when configured,
     * then a fresh {@code handler} per channel; TCP_USER_TIMEOUT from the response timeout where the transport has it.
     */
    static Bootstrap bootstrap(EventLoop eventLoop, Class<? extends SocketChannel> channelType, ConnectionSettings settings,
                               Endpoint endpoint, Supplier<ChannelHandler> handler) {
        Bootstrap bootstrap = new Bootstrap()
                .group(eventLoop)
                .channel(channelType)
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.SO_KEEPALIVE, true)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) settings.connectTimeout().toMillis())
                .handler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        if (settings.tls() != null) {
                            ch.pipeline().addLast(settings.tls().newHandler(ch.alloc(), endpoint, settings.connectTimeout().toMillis()));
                        }
                        ch.pipeline().addLast(handler.get());
                    }
                });
        if (settings.responseTimeout().toMillis() > 0) {
            // Unacknowledged bytes for this long mean the peer is gone (no FIN/RST, e.g. a dead host).
            tcpUserTimeout(bootstrap, channelType, (int) Math.min(Integer.MAX_VALUE, settings.responseTimeout().toMillis()));
        }
        return bootstrap;
    }

    /** TCP_USER_TIMEOUT on channels of {@code channelType} where the transport has it (epoll); nothing on NIO. */
    static void tcpUserTimeout(Bootstrap bootstrap, Class<? extends SocketChannel> channelType, int millis) {
        if (EPOLL && channelType == EpollTransport.channelType()) {
            EpollTransport.tcpUserTimeout(bootstrap, millis);
        }
    }

    private static boolean epollClassesPresent() {
        try {
            Class.forName("io.netty.channel.epoll.Epoll", false, Transport.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError absent) {
            return false;
        }
    }
}
