package io.fastpath.command;

import io.fastpath.RedisArgumentException;
import io.fastpath.internal.command.ArgumentList;

/**
 * Options of ZUNIONSTORE and ZINTERSTORE: per-source WEIGHTS (one per source key, checked when the
 * command is built) and how scores of the same member AGGREGATE. Immutable.
 */
public final class ZStoreArgs {
    private static final ZStoreArgs NONE = new ZStoreArgs(null, null);

    /** How the scores of one member in several sources combine. */
    public enum Aggregate {
        SUM,
        MIN,
        MAX
    }

    private final double[] weights;
    private final Aggregate aggregate;

    private ZStoreArgs(double[] weights, Aggregate aggregate) {
        this.weights = weights;
        this.aggregate = aggregate;
    }

    public static ZStoreArgs none() {
        return NONE;
    }

    /** Multiplies each source's scores by its weight, in the order of the source keys. */
    public ZStoreArgs weights(double... weights) {
        if (weights == null || weights.length == 0) {
            throw new RedisArgumentException("ZSTORE: WEIGHTS needs at least one weight");
        }
        for (double weight : weights) {
            if (Double.isNaN(weight)) {
                throw new RedisArgumentException("ZSTORE: a weight must not be NaN");
            }
        }
        return new ZStoreArgs(weights.clone(), aggregate);
    }

    public ZStoreArgs aggregate(Aggregate aggregate) {
        if (aggregate == null) {
            throw new RedisArgumentException("ZSTORE: AGGREGATE must not be null");
        }
        return new ZStoreArgs(weights, aggregate);
    }

    void appendTo(ArgumentList arguments, String command, int sourceCount) {
        if (weights != null) {
            if (weights.length != sourceCount) {
                throw new RedisArgumentException(command + ": " + weights.length + " weights for " + sourceCount + " source keys");
            }
            arguments.keyword("WEIGHTS");
            for (double weight : weights) {
                arguments.add(weight);
            }
        }
        if (aggregate != null) {
            arguments.keyword("AGGREGATE").keyword(aggregate.name());
        }
    }

    @Override
    public String toString() {
        return "ZStoreArgs[" + (weights == null ? "" : "WEIGHTS " + java.util.Arrays.toString(weights))
                + (aggregate == null ? "" : " AGGREGATE " + aggregate) + "]";
    }
}
