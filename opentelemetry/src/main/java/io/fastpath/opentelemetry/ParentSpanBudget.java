package io.fastpath.opentelemetry;

import io.opentelemetry.api.trace.SpanContext;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Counts the command spans made under each parent span so one parent gets at most {@code limit}: a request
 * that pipelines thousands of commands (Fastpath batches whatever is in flight into one write, so a loop of
 * async calls is a pipeline) shows its first {@code limit} commands, the last of them marked, instead of
 * thousands of spans nobody reads. Every command is still counted in the duration histogram.
 *
 * <p>A fixed table of {@link #SLOTS} parents, indexed by the parent's span id: a parent meeting another in its
 * slot replaces it and starts a fresh count, so memory stays bounded and a long-lived parent that lost its slot
 * may get up to {@code limit} more spans. Thread-safe.
 */
final class ParentSpanBudget {
    static final int SLOTS = 1024;

    /** What {@link #take} says about one more span under a parent. */
    enum Decision { SPAN, LAST_SPAN, NO_SPAN }

    private final int limit;
    private final AtomicReferenceArray<Count> counts = new AtomicReferenceArray<>(SLOTS);

    ParentSpanBudget(int limit) {
        this.limit = limit;
    }

    Decision take(SpanContext parent) {
        String spanId = parent.getSpanId();
        int slot = spanId.hashCode() & (SLOTS - 1);
        Count count = counts.get(slot);
        if (count == null || !count.spanId.equals(spanId)) {
            Count fresh = new Count(spanId); // once per parent, not per command
            count = counts.compareAndSet(slot, count, fresh) ? fresh : counts.get(slot);
            if (!count.spanId.equals(spanId)) {
                return Decision.SPAN; // lost a race for the slot to another parent: this one span goes uncounted
            }
        }
        int taken = count.taken.incrementAndGet();
        return taken < limit ? Decision.SPAN : taken == limit ? Decision.LAST_SPAN : Decision.NO_SPAN;
    }

    private static final class Count {
        final String spanId;
        final AtomicInteger taken = new AtomicInteger();

        Count(String spanId) {
            this.spanId = spanId;
        }
    }
}
