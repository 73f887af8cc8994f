package io.fastpath.opentelemetry;

import io.opentelemetry.api.common.AttributeKey;

/** The attribute keys of OpenTelemetry's database semantic conventions this module sets, and its own few. */
final class DatabaseAttributes {
    static final AttributeKey<String> DB_SYSTEM_NAME = AttributeKey.stringKey("db.system.name");
    static final AttributeKey<String> DB_OPERATION_NAME = AttributeKey.stringKey("db.operation.name");
    static final AttributeKey<String> DB_NAMESPACE = AttributeKey.stringKey("db.namespace");
    static final AttributeKey<String> DB_QUERY_TEXT = AttributeKey.stringKey("db.query.text");
    static final AttributeKey<Long> DB_OPERATION_BATCH_SIZE = AttributeKey.longKey("db.operation.batch.size");
    static final AttributeKey<String> DB_RESPONSE_STATUS_CODE = AttributeKey.stringKey("db.response.status_code");
    static final AttributeKey<String> SERVER_ADDRESS = AttributeKey.stringKey("server.address");
    static final AttributeKey<Long> SERVER_PORT = AttributeKey.longKey("server.port");
    static final AttributeKey<String> NETWORK_PEER_ADDRESS = AttributeKey.stringKey("network.peer.address");
    static final AttributeKey<Long> NETWORK_PEER_PORT = AttributeKey.longKey("network.peer.port");
    static final AttributeKey<String> ERROR_TYPE = AttributeKey.stringKey("error.type");
    /** Fastpath's own: MOVED/ASK redirects and re-sends, set on a span only when not zero. */
    static final AttributeKey<Long> REDIRECTS = AttributeKey.longKey("fastpath.redirects");
    static final AttributeKey<Long> RETRIES = AttributeKey.longKey("fastpath.retries");
    /** Fastpath's own: the command read a key into the client-side cache (a miss). */
    static final AttributeKey<Boolean> CACHE_FILL = AttributeKey.booleanKey("fastpath.cache.fill");
    /** Fastpath's own: set on the span after which its parent gets no more command spans (see maxSpansPerParent). */
    static final AttributeKey<Boolean> SPAN_LIMIT_REACHED = AttributeKey.booleanKey("fastpath.parent.span_limit_reached");

    static final String REDIS = "redis";

    private DatabaseAttributes() {}
}
