package io.fastpath.benchmarks.jmh;

import io.fastpath.ObservedConnection;

/** The ready connection {@link SyntheticCommand}'s node has, so a listener keeps that node's meters (see {@link ListenerCostBenchmark}). */
record SyntheticConnection(String node) implements ObservedConnection {

    @Override
    public int id() {
        return 1;
    }

    @Override
    public String state() {
        return "ready";
    }

    @Override
    public int queuedCommands() {
        return 0;
    }

    @Override
    public int commandsInFlight() {
        return 1;
    }

    @Override
    public int reconnectAttempts() {
        return 0;
    }
}
