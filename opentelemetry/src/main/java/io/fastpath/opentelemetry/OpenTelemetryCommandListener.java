package io.fastpath.opentelemetry;

import static io.fastpath.opentelemetry.DatabaseAttributes.CACHE_FILL;
import static io.fastpath.opentelemetry.DatabaseAttributes.DB_OPERATION_BATCH_SIZE;
import static io.fastpath.opentelemetry.DatabaseAttributes.DB_QUERY_TEXT;
import static io.fastpath.opentelemetry.DatabaseAttributes.DB_RESPONSE_STATUS_CODE;
import static io.fastpath.opentelemetry.DatabaseAttributes.ERROR_TYPE;
import static io.fastpath.opentelemetry.DatabaseAttributes.NETWORK_PEER_ADDRESS;
import static io.fastpath.opentelemetry.DatabaseAttributes.NETWORK_PEER_PORT;
import static io.fastpath.opentelemetry.DatabaseAttributes.REDIRECTS;
import static io.fastpath.opentelemetry.DatabaseAttributes.RETRIES;
import static io.fastpath.opentelemetry.DatabaseAttributes.SPAN_LIMIT_REACHED;

import io.fastpath.CommandListener;
import io.fastpath.ObservedClient;
import io.fastpath.ObservedCommand;
import io.fastpath.ObservedConnection;
import io.fastpath.RedisClientBuilder;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.metrics.DoubleHistogram;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanBuilder;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Fastpath's commands as OpenTelemetry client spans and the {@code db.client.operation.duration} histogram,
 * after the database semantic conventions for Redis: a {@link CommandListener} for
 * {@link RedisClientBuilder#commandListener}.
 *
 * <pre>{@code
 * RedisClient redis = RedisClient.builder().uri("redis://cache:6379")
 *         .commandListener(OpenTelemetryCommandListener.create(openTelemetry))
 *         .build();
 * }</pre>
 *
 * <p><b>Context.</b> A command's span starts on the thread that sends it, as a child of that thread's current
 * context ({@link Context#current()}), and ends on the thread that completes it (an I/O thread or the
 * completion executor), before its caller sees the result; no context is made current for it, and nothing
 * is propagated to Redis.
 *
 * <p><b>Pipelines.</b> Fastpath pipelines whatever is in flight, so a loop of async calls is a batch. By
 * default ({@link SpanMode#WITH_SAMPLED_PARENT}) a command gets a span only under a sampled parent span, and at
 * most {@link Builder#maxSpansPerParent} (100) under one parent, the last of them marked
 * {@code fastpath.parent.span_limit_reached}; the histogram counts every command.
 *
 * <p><b>Attributes.</b> {@code db.system.name=redis}, {@code db.operation.name} (the command as sent, MULTI for a
 * transaction block, with {@code db.operation.batch.size}), {@code db.namespace} (the database index the client
 * was configured with: Fastpath refuses SELECT on its shared connections, so it never changes),
 * {@code server.address}/{@code server.port} (as configured: a cluster's seed), {@code network.peer.address}/
 * {@code network.peer.port} (the node that served it, the last one after a redirect), {@code error.type} and
 * {@code db.response.status_code} (see {@link ObservedCommand#errorType()}). {@code db.query.text} only with
 * {@link Builder#queryText}: the command with every argument but its keys replaced by {@code ?} (passwords of
 * AUTH, HELLO or MIGRATE are never keys). The span's status is ERROR on failure, without a description, and no
 * exception is recorded: a server message may quote argument values.
 */
public final class OpenTelemetryCommandListener implements CommandListener {
    /** The instrumentation scope of the tracer and meter. */
    public static final String INSTRUMENTATION_NAME = "io.fastpath";
    /** The conventions' advice for {@code db.client.operation.duration}, in seconds. */
    public static final List<Double> DEFAULT_BUCKETS = List.of(0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1.0, 5.0, 10.0);

    private final Tracer tracer;
    /** Null when the histogram is off. */
    private final DoubleHistogram duration;
    private final SpanMode spanMode;
    private final ParentSpanBudget budget;
    private final boolean queryText;
    private final DurationAttributes attributes = new DurationAttributes();
    /** Open connections per node, so a node's attribute sets go when its last connection closes. */
    private final ConcurrentHashMap<String, AtomicInteger> connectionsByNode = new ConcurrentHashMap<>();

    private OpenTelemetryCommandListener(Builder builder) {
        this.tracer = builder.openTelemetry.getTracer(INSTRUMENTATION_NAME);
        this.duration = !builder.histogram ? null : builder.openTelemetry.getMeter(INSTRUMENTATION_NAME)
                .histogramBuilder("db.client.operation.duration")
                .setUnit("s")
                .setDescription("Duration of database client operations.")
                .setExplicitBucketBoundariesAdvice(builder.buckets)
                .build();
        this.spanMode = builder.spanMode;
        this.budget = new ParentSpanBudget(builder.maxSpansPerParent);
        this.queryText = builder.queryText;
    }

    /** Spans under sampled parents (at most 100 per parent), the histogram with the conventions' buckets, no query text. */
    public static OpenTelemetryCommandListener create(OpenTelemetry openTelemetry) {
        return builder(openTelemetry).build();
    }

    public static Builder builder(OpenTelemetry openTelemetry) {
        return new Builder(openTelemetry);
    }

    @Override
    public Object commandStarted(ObservedCommand command) {
        if (spanMode == SpanMode.NEVER) {
            return null;
        }
        Context parentContext = Context.current(); // the caller's thread: its request's span, if any
        SpanContext parent = Span.fromContext(parentContext).getSpanContext();
        ParentSpanBudget.Decision decision = ParentSpanBudget.Decision.SPAN;
        if (parent.isValid()) {
            if (!parent.isSampled() && spanMode == SpanMode.WITH_SAMPLED_PARENT) {
                return null;
            }
            decision = budget.take(parent);
            if (decision == ParentSpanBudget.Decision.NO_SPAN) {
                return null;
            }
        } else if (spanMode == SpanMode.WITH_SAMPLED_PARENT) {
            return null;
        }
        // The histogram's attribute set of a success is exactly the span's starting set (cached, nothing built here).
        SpanBuilder span = tracer.spanBuilder(OperationNames.of(command))
                .setSpanKind(SpanKind.CLIENT)
                .setParent(parentContext)
                .setAllAttributes(attributes.of(command));
        if (command.batchSize() > 0) {
            span.setAttribute(DB_OPERATION_BATCH_SIZE, (long) command.batchSize());
        }
        if (queryText) {
            span.setAttribute(DB_QUERY_TEXT, command.queryText(true));
        }
        if (decision == ParentSpanBudget.Decision.LAST_SPAN) {
            span.setAttribute(SPAN_LIMIT_REACHED, true);
        }
        return span.startSpan();
    }

    @Override
    public void commandCompleted(ObservedCommand command) {
        if (duration != null) {
            duration.record((command.completedNanos() - command.startNanos()) / 1e9, attributes.of(command));
        }
        if (command.attachment() instanceof Span span) {
            if (command.redirects() > 0 && command.serverHost() != null) { // the last node contacted, as the conventions ask
                span.setAttribute(NETWORK_PEER_ADDRESS, command.serverHost());
                span.setAttribute(NETWORK_PEER_PORT, (long) command.serverPort());
            }
            if (command.redirects() > 0) {
                span.setAttribute(REDIRECTS, (long) command.redirects());
            }
            if (command.retries() > 0) {
                span.setAttribute(RETRIES, (long) command.retries());
            }
            if (command.cacheFill()) {
                span.setAttribute(CACHE_FILL, true);
            }
            String errorType = command.errorType();
            if (errorType != null) {
                span.setAttribute(ERROR_TYPE, errorType);
                if (command.outcome() == ObservedCommand.Outcome.SERVER_ERROR) {
                    span.setAttribute(DB_RESPONSE_STATUS_CODE, errorType);
                }
                span.setStatus(StatusCode.ERROR);
            }
            span.end();
        }
    }

    @Override
    public void connectionOpened(ObservedConnection connection) {
        connectionsByNode.computeIfAbsent(connection.node(), node -> new AtomicInteger()).incrementAndGet();
    }

    @Override
    public void connectionClosed(ObservedConnection connection) {
        connectionsByNode.computeIfPresent(connection.node(), (node, open) -> {
            if (open.decrementAndGet() > 0) {
                return open;
            }
            attributes.nodeGone(node);
            return null;
        });
    }

    @Override
    public void clientClosed(ObservedClient client) {
        attributes.clientGone(client);
    }

    /** Options of {@link OpenTelemetryCommandListener}. */
    public static final class Builder {
        private final OpenTelemetry openTelemetry;
        private SpanMode spanMode = SpanMode.WITH_SAMPLED_PARENT;
        private int maxSpansPerParent = 100;
        private boolean queryText;
        private boolean histogram = true;
        private List<Double> buckets = DEFAULT_BUCKETS;

        private Builder(OpenTelemetry openTelemetry) {
            this.openTelemetry = Objects.requireNonNull(openTelemetry, "openTelemetry");
        }

        /** When a command gets a span; default {@link SpanMode#WITH_SAMPLED_PARENT}. */
        public Builder spans(SpanMode mode) {
            this.spanMode = Objects.requireNonNull(mode, "mode");
            return this;
        }

        /** Command spans one parent span gets at most (default 100); the rest are counted in the histogram only. */
        public Builder maxSpansPerParent(int limit) {
            if (limit < 1) {
                throw new IllegalArgumentException("maxSpansPerParent must be at least 1, got " + limit);
            }
            this.maxSpansPerParent = limit;
            return this;
        }

        /**
         * Adds {@code db.query.text}: the command as redis-cli shows it with its keys kept and every other
         * argument replaced by {@code ?}. Off by default: keys may carry user data.
         */
        public Builder queryText(boolean enabled) {
            this.queryText = enabled;
            return this;
        }

        /** Records {@code db.client.operation.duration} (default true). */
        public Builder durationHistogram(boolean enabled) {
            this.histogram = enabled;
            return this;
        }

        /**
         * The histogram's bucket boundaries in seconds; default the conventions' advice, {@link #DEFAULT_BUCKETS}
         * (its first bucket, 1 ms, holds most Redis commands: add finer ones, e.g. 0.0001 and 0.00025, to see them).
         */
        public Builder durationBuckets(List<Double> boundaries) {
            this.buckets = List.copyOf(boundaries);
            return this;
        }

        public OpenTelemetryCommandListener build() {
            return new OpenTelemetryCommandListener(this);
        }
    }
}
