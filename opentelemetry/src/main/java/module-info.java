/** Fastpath for OpenTelemetry: client spans and db.client.operation.duration, on core's CommandListener. */
module io.fastpath.opentelemetry {
    exports io.fastpath.opentelemetry;

    requires transitive io.fastpath;
    requires transitive io.opentelemetry.api;
    requires io.opentelemetry.context;
}
