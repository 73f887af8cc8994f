/** Fastpath for Vert.x: the client's commands as Vert.x Futures completed on the calling context. */
module io.fastpath.vertx {
    exports io.fastpath.vertx;

    requires transitive io.fastpath;
    requires transitive io.vertx.core;
    requires io.netty.transport; // the event loop group the client is hosted on
    requires io.netty.common;
}
