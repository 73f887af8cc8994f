package io.fastpath.internal.cluster;

import io.fastpath.command.Reply;
import io.fastpath.internal.command.ResponsePolicy;
import io.fastpath.internal.command.UnexpectedReplyException;
import java.util.ArrayList;
import java.util.List;

/** Merges the replies of one command sent to several nodes, by the server's {@code response_policy} tip. */
final class ReplyMerger {
    private ReplyMerger() {}

    /** {@code replies} are all successful; ONE_SUCCEEDED and ALL_SUCCEEDED return the first. */
    static Reply merge(ResponsePolicy policy, List<Reply> replies) {
        switch (policy) {
            case AGG_SUM:
                return fold(replies, 0, Long::sum);
            case AGG_MIN:
                return fold(replies, Long.MAX_VALUE, Math::min);
            case AGG_MAX:
                return fold(replies, Long.MIN_VALUE, Math::max);
            case AGG_LOGICAL_AND:
                return fold(replies, 1, (left, right) -> left != 0 && right != 0 ? 1 : 0);
            case AGG_LOGICAL_OR:
                return fold(replies, 0, (left, right) -> left != 0 || right != 0 ? 1 : 0);
            case DEFAULT:
                return allArrays(replies) ? concatenate(replies) : replies.get(0);
            default:
                return replies.get(0);
        }
    }

    /** Integers fold to one integer; arrays of integers fold element by element (SCRIPT EXISTS). */
    private static Reply fold(List<Reply> replies, long identity, java.util.function.LongBinaryOperator operator) {
        if (replies.get(0) instanceof Reply.ArrayReply first) {
            List<Reply> merged = new ArrayList<>();
            for (int i = 0; i < first.elements().size(); i++) {
                long value = identity;
                for (Reply reply : replies) {
                    value = operator.applyAsLong(value, number(((Reply.ArrayReply) reply).elements().get(i)));
                }
                merged.add(new Reply.IntegerReply(value));
            }
            return new Reply.ArrayReply(merged);
        }
        long value = identity;
        for (Reply reply : replies) {
            value = operator.applyAsLong(value, number(reply));
        }
        return new Reply.IntegerReply(value);
    }

    private static long number(Reply reply) {
        if (reply instanceof Reply.IntegerReply integer) {
            return integer.value();
        }
        if (reply instanceof Reply.BooleanReply bool) {
            return bool.value() ? 1 : 0;
        }
        throw new UnexpectedReplyException("an integer from every node", reply);
    }

    private static boolean allArrays(List<Reply> replies) {
        for (Reply reply : replies) {
            if (!(reply instanceof Reply.ArrayReply) && !(reply instanceof Reply.SetReply)) {
                return false;
            }
        }
        return true;
    }

    private static Reply concatenate(List<Reply> replies) {
        List<Reply> all = new ArrayList<>();
        for (Reply reply : replies) {
            all.addAll(reply instanceof Reply.ArrayReply array ? array.elements() : ((Reply.SetReply) reply).elements());
        }
        return new Reply.ArrayReply(all);
    }
}
