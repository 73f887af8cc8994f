package io.fastpath.internal.protocol;

import static io.fastpath.internal.protocol.DecoderFeed.ascii;
import static io.fastpath.internal.protocol.DecoderFeed.decodeInChunksOf;
import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.command.Reply;
import io.fastpath.command.Reply.ArrayReply;
import io.fastpath.command.Reply.BulkStringReply;
import io.fastpath.command.Reply.IntegerReply;
import io.fastpath.command.Reply.MapReply;
import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class RespDecoderLargeInputTest {

    private static final int CHUNK_SIZE = 4096;

    @Test
    void largeArrayInSmallChunksDecodesEveryElement() {
        int elementCount = 200_000;
        StringBuilder wire = new StringBuilder("*").append(elementCount).append("\r\n");
        for (int index = 0; index < elementCount; index++) {
            if (index % 2 == 0) {
                wire.append(':').append(index).append("\r\n");
            } else {
                String text = "v" + index;
                wire.append('$').append(text.length()).append("\r\n").append(text).append("\r\n");
            }
        }

        List<Reply> replies = decodeInChunksOf(new RespDecoder(RespLimits.DEFAULTS), ascii(wire.toString()), CHUNK_SIZE);

        assertThat(replies).hasSize(1);
        List<Reply> elements = ((ArrayReply) replies.get(0)).elements();
        assertThat(elements).hasSize(elementCount);
        for (int index = 0; index < elementCount; index++) {
            Reply expected = index % 2 == 0
                    ? new IntegerReply(index)
                    : new BulkStringReply(ascii("v" + index));
            assertThat(elements.get(index)).isEqualTo(expected);
        }
    }

    @Test
    void largeMapInSmallChunksKeepsEveryPairInOrder() {
        int pairCount = 50_000;
        StringBuilder wire = new StringBuilder("%").append(pairCount).append("\r\n");
        for (int index = 0; index < pairCount; index++) {
            wire.append("+k").append(index).append("\r\n:").append(index).append("\r\n");
        }

        List<Reply> replies = decodeInChunksOf(new RespDecoder(RespLimits.DEFAULTS), ascii(wire.toString()), CHUNK_SIZE);

        MapReply map = (MapReply) replies.get(0);
        assertThat(map.entries()).hasSize(pairCount);
        int index = 0;
        for (var entry : map.entries().entrySet()) {
            assertThat(entry.getKey()).isEqualTo(new Reply.SimpleStringReply("k" + index));
            assertThat(entry.getValue()).isEqualTo(new IntegerReply(index));
            index++;
        }
    }

    @Test
    void megabyteBulkStringInSmallChunksArrivesIntact() {
        byte[] payload = new byte[1024 * 1024];
        for (int index = 0; index < payload.length; index++) {
            payload[index] = (byte) (index * 31);
        }
        ByteArrayOutputStream wire = new ByteArrayOutputStream();
        wire.writeBytes(ascii("$" + payload.length + "\r\n"));
        wire.writeBytes(payload);
        wire.writeBytes(ascii("\r\n"));

        List<Reply> replies = decodeInChunksOf(new RespDecoder(RespLimits.DEFAULTS), wire.toByteArray(), CHUNK_SIZE);

        assertThat(replies).hasSize(1);
        assertThat(Arrays.equals(((BulkStringReply) replies.get(0)).value(), payload)).isTrue();
    }

    @Test
    void longSimpleStringInSmallChunksArrivesIntact() {
        String text = "s".repeat(300_000);

        List<Reply> replies = decodeInChunksOf(new RespDecoder(RespLimits.DEFAULTS), ascii("+" + text + "\r\n"), CHUNK_SIZE);

        assertThat(replies).containsExactly(new Reply.SimpleStringReply(text));
    }
}
