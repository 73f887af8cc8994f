package io.fastpath.reactor;

import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongFieldUpdater;
import java.util.function.Supplier;
import org.reactivestreams.Subscription;
import reactor.core.CoreSubscriber;
import reactor.core.Exceptions;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Operators;

/**
 * Elements fetched page by page with backpressure: the next page's command is sent only when the subscriber has
 * unmet demand and every element of the previous page was emitted, so one subscription holds at most one page
 * and has at most one command in flight. Cancelling cancels that command (unsent, it is never written).
 */
final class PagedFlux<T> extends Flux<T> {
    private final Supplier<PageSource<T>> sources;

    PagedFlux(Supplier<PageSource<T>> sources) {
        this.sources = sources;
    }

    @Override
    public void subscribe(CoreSubscriber<? super T> actual) {
        PageSource<T> source;
        try {
            source = sources.get();
        } catch (RuntimeException invalid) {
            Operators.error(actual, invalid);
            return;
        }
        actual.onSubscribe(new Pages<>(actual, source));
    }

    /** The drain loop: whoever increments {@code work} from 0 emits, for itself and for every signal meanwhile. */
    static final class Pages<T> implements Subscription {
        @SuppressWarnings("rawtypes")
        private static final AtomicLongFieldUpdater<Pages> REQUESTED = AtomicLongFieldUpdater.newUpdater(Pages.class, "requested");

        private final CoreSubscriber<? super T> actual;
        private final PageSource<T> source;
        private final AtomicInteger work = new AtomicInteger();
        // Any thread: demand, cancellation, and the outcome of the page in flight (written before drain() reads it).
        private volatile long requested;
        private volatile boolean cancelled;
        private volatile PageSource.Page<T> arrived;
        private volatile Throwable failed;
        private volatile Throwable invalidRequest;
        private volatile CompletableFuture<PageSource.Page<T>> inFlight;
        // Drain loop only.
        private final ArrayDeque<T> buffered = new ArrayDeque<>();
        private boolean fetching;
        private boolean lastPage;
        private boolean terminated;

        Pages(CoreSubscriber<? super T> actual, PageSource<T> source) {
            this.actual = actual;
            this.source = source;
        }

        @Override
        public void request(long n) {
            if (n <= 0) {
                invalidRequest = Exceptions.nullOrNegativeRequestException(n); // rule 3.9: reported, and the subscription ends
            } else {
                Operators.addCap(REQUESTED, this, n);
            }
            drain();
        }

        @Override
        public void cancel() {
            cancelled = true;
            CompletableFuture<PageSource.Page<T>> page = inFlight;
            if (page != null) {
                page.cancel(false);
            }
            drain();
        }

        private void onPage(PageSource.Page<T> page, Throwable failure) {
            if (failure != null) {
                failed = ReactiveEngine.unwrap(failure);
            } else {
                arrived = page;
            }
            drain();
        }

        private void drain() {
            if (work.getAndIncrement() != 0) {
                return;
            }
            int missed = 1;
            do {
                if (cancelled || terminated) {
                    buffered.clear();
                } else {
                    emit();
                }
                missed = work.addAndGet(-missed);
            } while (missed != 0);
        }

        private void emit() {
            if (invalidRequest != null) {
                terminated = true;
                cancel();
                actual.onError(invalidRequest);
                return;
            }
            PageSource.Page<T> page = arrived;
            if (page != null) {
                arrived = null;
                fetching = false;
                buffered.addAll(page.elements());
                lastPage = page.last();
            }
            long wanted = requested;
            long emitted = 0;
            while (emitted != wanted && !buffered.isEmpty() && !cancelled) {
                actual.onNext(buffered.poll());
                emitted++;
            }
            if (emitted != 0 && wanted != Long.MAX_VALUE) {
                REQUESTED.addAndGet(this, -emitted);
            }
            if (cancelled || !buffered.isEmpty()) {
                return;
            }
            Throwable failure = failed;
            if (failure != null) {
                terminated = true;
                actual.onError(failure);
            } else if (lastPage) {
                terminated = true;
                actual.onComplete();
            } else if (!fetching && requested > 0) {
                fetching = true;
                fetch(requested);
            }
        }

        /** Sends the next page's command; its completion (maybe right here) comes back through onPage and drain. */
        private void fetch(long demand) {
            CompletableFuture<PageSource.Page<T>> page;
            try {
                page = source.next(demand, actual.currentContext());
            } catch (RuntimeException refused) {
                page = CompletableFuture.failedFuture(refused);
            }
            inFlight = page;
            if (cancelled) {
                page.cancel(false);
            }
            page.whenComplete(this::onPage);
        }
    }
}
