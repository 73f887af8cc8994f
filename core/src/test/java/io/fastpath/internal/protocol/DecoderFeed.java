package io.fastpath.internal.protocol;

import io.fastpath.command.Reply;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Feeds bytes to a decoder the way the connection handler does: each chunk is appended to one
 * cumulation buffer, replies are drained, and consumed bytes are discarded so indexes shift between
 * calls.
 */
final class DecoderFeed {

    private DecoderFeed() {}

    static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    /** A buffer holding {@code wire} that more bytes can still be appended to. */
    static ByteBuf growableBuffer(String wire) {
        return Unpooled.buffer().writeBytes(ascii(wire));
    }

    /** Every reply decoded from {@code bytes} delivered in one piece. */
    static List<Reply> decodeWhole(byte[] bytes) {
        return decodeChunks(new RespDecoder(RespLimits.DEFAULTS), List.of(bytes));
    }

    /** The single reply {@code wire} decodes to, failing when it holds more or fewer. */
    static Reply decodeOne(String wire) {
        List<Reply> replies = decodeWhole(ascii(wire));
        if (replies.size() != 1) {
            throw new AssertionError("expected one reply from " + wire.replace("\r\n", "\\r\\n") + " but got " + replies);
        }
        return replies.get(0);
    }

    /** Every reply decoded from {@code bytes} cut at the given ascending offsets. */
    static List<Reply> decodeSplitAt(RespDecoder decoder, byte[] bytes, int... cuts) {
        List<byte[]> chunks = new ArrayList<>();
        int previous = 0;
        for (int cut : cuts) {
            chunks.add(Arrays.copyOfRange(bytes, previous, cut));
            previous = cut;
        }
        chunks.add(Arrays.copyOfRange(bytes, previous, bytes.length));
        return decodeChunks(decoder, chunks);
    }

    /** Every reply decoded from {@code bytes} in chunks of {@code chunkSize} (the last may be shorter). */
    static List<Reply> decodeInChunksOf(RespDecoder decoder, byte[] bytes, int chunkSize) {
        List<byte[]> chunks = new ArrayList<>();
        for (int from = 0; from < bytes.length; from += chunkSize) {
            chunks.add(Arrays.copyOfRange(bytes, from, Math.min(bytes.length, from + chunkSize)));
        }
        return decodeChunks(decoder, chunks);
    }

    static List<Reply> decodeChunks(RespDecoder decoder, List<byte[]> chunks) {
        List<Reply> replies = new ArrayList<>();
        ByteBuf cumulation = Unpooled.buffer();
        try {
            for (byte[] chunk : chunks) {
                cumulation.writeBytes(chunk);
                for (Reply reply = decoder.decode(cumulation); reply != null; reply = decoder.decode(cumulation)) {
                    replies.add(reply);
                }
                cumulation.discardReadBytes();
            }
            if (cumulation.isReadable()) {
                throw new AssertionError(cumulation.readableBytes() + " bytes left undecoded");
            }
        } finally {
            cumulation.release();
        }
        return replies;
    }

    /** The bytes {@link RespWriter} produces for {@code reply}. */
    static byte[] written(Reply reply, boolean resp3) {
        ByteBuf out = Unpooled.buffer();
        try {
            RespWriter.write(out, reply, resp3);
            return ByteBufUtil.getBytes(out);
        } finally {
            out.release();
        }
    }

    /** The bytes {@link RespEncoder} produces for {@code args}. */
    static byte[] encoded(byte[][] args) {
        ByteBuf out = Unpooled.buffer();
        try {
            RespEncoder.writeCommand(out, args);
            return ByteBufUtil.getBytes(out);
        } finally {
            out.release();
        }
    }
}
