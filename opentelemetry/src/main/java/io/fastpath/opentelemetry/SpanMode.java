package io.fastpath.opentelemetry;

/** When a command gets a span of its own; the {@code db.client.operation.duration} histogram counts every command either way. */
public enum SpanMode {
    /**
     * Only when the calling thread's context holds a sampled span (the default): commands made while serving a
     * traced request appear in its trace; background work outside any trace makes no spans at all.
     */
    WITH_SAMPLED_PARENT,
    /** Every command, as a root span when there is no parent (the tracer's sampler still decides). */
    ALWAYS,
    /** No spans: the histogram alone. */
    NEVER
}
