package io.fastpath;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.command.Reply;
import io.fastpath.testkit.RedisServer;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Every RESP3 type as a real server sends it ({@code DEBUG PROTOCOL}), through the generic API. */
class Resp3OverTheWireIT {
    static RedisServer server;
    static RedisClient redis;

    @BeforeAll
    static void start() {
        server = RedisServer.start();
        redis = RedisClient.builder().uri(server.uri()).connectionsPerNode(1).build();
    }

    @AfterAll
    static void stop() throws Exception {
        Teardown.closeAll(redis, server);
    }

    private static Reply protocol(String type) {
        return redis.send("DEBUG", "PROTOCOL", type);
    }

    @Test
    void scalarTypesDecodeToTheirReplies() {
        assertThat(protocol("string")).isInstanceOf(Reply.BulkStringReply.class);
        assertThat(protocol("integer")).isInstanceOf(Reply.IntegerReply.class);
        assertThat(protocol("double")).isInstanceOf(Reply.DoubleReply.class);
        assertThat(protocol("bignum")).isEqualTo(new Reply.BigNumberReply(new BigInteger("1234567999999999999999999999999999999")));
        assertThat(protocol("null")).isEqualTo(Reply.NullReply.INSTANCE);
        assertThat(protocol("true")).isEqualTo(Reply.BooleanReply.TRUE);
        assertThat(protocol("false")).isEqualTo(Reply.BooleanReply.FALSE);
        assertThat(protocol("verbatim")).isInstanceOfSatisfying(Reply.VerbatimStringReply.class,
                verbatim -> assertThat(verbatim.format()).isEqualTo("txt"));
    }

    @Test
    void aggregateTypesDecodeToTheirReplies() {
        assertThat(protocol("array")).isInstanceOfSatisfying(Reply.ArrayReply.class, array -> assertThat(array.elements()).hasSize(3));
        assertThat(protocol("set")).isInstanceOfSatisfying(Reply.SetReply.class, set -> assertThat(set.elements()).hasSize(3));
        assertThat(protocol("map")).isInstanceOfSatisfying(Reply.MapReply.class, map -> assertThat(map.entries()).hasSize(3));
    }

    @Test
    void attributeIsSkippedAndTheReplyAfterItIsReturned() {
        assertThat(protocol("attrib")).isInstanceOf(Reply.BulkStringReply.class);
        assertThat(redis.ping()).isEqualTo("PONG");
    }

    @Test
    void pushFrameNeverTakesTheReplysPlaceOrShiftsLaterReplies() {
        // DEBUG PROTOCOL push sends a push frame followed by the command's reply.
        Reply reply = protocol("push");
        assertThat(reply).isNotInstanceOf(Reply.PushReply.class);
        List<String> after = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            after.add(redis.echo("e" + i));
        }
        assertThat(after).containsExactly("e0", "e1", "e2", "e3", "e4", "e5", "e6", "e7", "e8", "e9");
    }
}
