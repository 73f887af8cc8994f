package io.fastpath.apigen;

import java.util.List;
import java.util.function.Supplier;

/** A public type for ApiSignatureTest to render. */
public interface ApiSample<K> extends Supplier<K> {
    @SafeVarargs
    static <T extends Comparable<T>> List<T> sorted(T... values) {
        return List.of(values);
    }

    default K orElse(K fallback) throws IllegalStateException {
        return fallback;
    }

    private void hidden() {}
}
