/** Fastpath for Micrometer: command timers, connection and cache gauges, and Observations, on core's CommandListener. */
module io.fastpath.micrometer {
    exports io.fastpath.micrometer;

    requires transitive io.fastpath;
    requires transitive micrometer.core;
    requires transitive micrometer.observation;
    requires micrometer.commons;
}
