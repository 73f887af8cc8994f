package io.fastpath.internal.connection;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollChannelOption;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.socket.SocketChannel;

/** Every reference to Netty's epoll classes; loaded only once {@link Transport} has seen that they exist. */
final class EpollTransport {
    private EpollTransport() {}

    /** Whether the native library loaded (the classes alone are not enough: a jar for another platform has none). */
    static boolean isAvailable() {
        return Epoll.isAvailable();
    }

    static IoHandlerFactory ioHandlerFactory() {
        return EpollIoHandler.newFactory();
    }

    static Class<? extends io.netty.channel.IoHandler> ioHandlerType() {
        return EpollIoHandler.class;
    }

    static Class<? extends SocketChannel> channelType() {
        return EpollSocketChannel.class;
    }

    static void tcpUserTimeout(Bootstrap bootstrap, int millis) {
        bootstrap.option(EpollChannelOption.TCP_USER_TIMEOUT, millis);
    }
}
