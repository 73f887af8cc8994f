package io.fastpath.internal.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.command.Reply;
import io.fastpath.internal.command.ResponsePolicy;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReplyMergerTest {
    private static Reply integer(long value) {
        return new Reply.IntegerReply(value);
    }

    private static Reply bulk(String text) {
        return new Reply.BulkStringReply(text.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void aggregatesFoldIntegers() {
        List<Reply> replies = List.of(integer(3), integer(5), integer(1));
        assertThat(ReplyMerger.merge(ResponsePolicy.AGG_SUM, replies)).isEqualTo(integer(9));
        assertThat(ReplyMerger.merge(ResponsePolicy.AGG_MIN, replies)).isEqualTo(integer(1));
        assertThat(ReplyMerger.merge(ResponsePolicy.AGG_MAX, replies)).isEqualTo(integer(5));
    }

    @Test
    void logicalAggregatesFoldArraysElementByElement() {
        List<Reply> replies = List.of(new Reply.ArrayReply(List.of(integer(1), integer(0))),
                new Reply.ArrayReply(List.of(integer(1), integer(1))));
        assertThat(ReplyMerger.merge(ResponsePolicy.AGG_LOGICAL_AND, replies))
                .isEqualTo(new Reply.ArrayReply(List.of(integer(1), integer(0))));
        assertThat(ReplyMerger.merge(ResponsePolicy.AGG_LOGICAL_OR, replies))
                .isEqualTo(new Reply.ArrayReply(List.of(integer(1), integer(1))));
    }

    @Test
    void withoutAPolicyArraysAreConcatenatedAndOtherRepliesTakeTheFirst() {
        List<Reply> arrays = List.of(new Reply.ArrayReply(List.of(bulk("a"))), new Reply.ArrayReply(List.of(bulk("b"), bulk("c"))));
        assertThat(ReplyMerger.merge(ResponsePolicy.DEFAULT, arrays))
                .isEqualTo(new Reply.ArrayReply(List.of(bulk("a"), bulk("b"), bulk("c"))));
        assertThat(ReplyMerger.merge(ResponsePolicy.ALL_SUCCEEDED, List.of(Reply.SimpleStringReply.OK, Reply.SimpleStringReply.OK)))
                .isEqualTo(Reply.SimpleStringReply.OK);
    }
}
