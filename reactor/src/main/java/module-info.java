/** Fastpath for Project Reactor: the reactive views of io.fastpath's client. */
module io.fastpath.reactor {
    exports io.fastpath.reactor;

    requires transitive io.fastpath;
    requires transitive reactor.core;
    requires transitive org.reactivestreams;
}
