package io.fastpath;

/** A sorted-set member and its score. */
public record ScoredValue<V>(V value, double score) {

    public static <V> ScoredValue<V> of(double score, V value) {
        return new ScoredValue<>(value, score);
    }
}
