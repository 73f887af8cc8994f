package io.fastpath.internal.protocol;

import static io.fastpath.internal.protocol.DecoderFeed.decodeSplitAt;
import static io.fastpath.internal.protocol.DecoderFeed.decodeWhole;
import static io.fastpath.internal.protocol.DecoderFeed.encoded;
import static io.fastpath.internal.protocol.DecoderFeed.written;
import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.command.Reply;
import io.fastpath.command.Reply.ArrayReply;
import io.fastpath.command.Reply.BigNumberReply;
import io.fastpath.command.Reply.BooleanReply;
import io.fastpath.command.Reply.BulkStringReply;
import io.fastpath.command.Reply.DoubleReply;
import io.fastpath.command.Reply.ErrorReply;
import io.fastpath.command.Reply.IntegerReply;
import io.fastpath.command.Reply.MapReply;
import io.fastpath.command.Reply.NullReply;
import io.fastpath.command.Reply.PushReply;
import io.fastpath.command.Reply.SetReply;
import io.fastpath.command.Reply.SimpleStringReply;
import io.fastpath.command.Reply.VerbatimStringReply;
import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

class RespRoundTripPropertyTest {

    private static final int DEEPEST_TREE = 6;
    private static final int LARGEST_LIST = 3;
    private static final int LARGEST_MAP = 2;

    @Property
    void writtenResp3RepliesDecodeToEqualValues(@ForAll("replies") Reply reply) {
        assertThat(decodeWhole(written(reply, true))).containsExactly(reply);
    }

    @Property
    void writtenResp3RepliesChunkedAtRandomPointsDecodeToEqualValues(
            @ForAll("replies") Reply reply,
            @ForAll @Size(max = 8) List<@IntRange(min = 0, max = 1_000_000) Integer> cutSeeds) {
        byte[] bytes = written(reply, true);
        int[] cuts = cutSeeds.stream().mapToInt(seed -> seed % (bytes.length + 1)).sorted().toArray();

        assertThat(decodeSplitAt(new RespDecoder(RespLimits.DEFAULTS), bytes, cuts)).containsExactly(reply);
    }

    @Property
    void writtenResp2RepliesDecodeToResp2TypesOnly(@ForAll("replies") Reply reply) {
        List<Reply> decoded = decodeWhole(written(reply, false));

        assertThat(decoded).hasSize(1);
        assertOnlyResp2Types(decoded.get(0));
    }

    @Property
    void encodedCommandsDecodeToArraysOfTheSameBulkStrings(
            @ForAll @Size(min = 1, max = 40) List<@Size(max = 150) byte[]> args) {
        byte[][] command = args.toArray(byte[][]::new);
        byte[] bytes = encoded(command);

        assertThat(bytes).hasSize(RespEncoder.encodedLength(command));
        List<Reply> expected = args.stream().<Reply>map(BulkStringReply::new).toList();
        assertThat(decodeWhole(bytes)).containsExactly(new ArrayReply(expected));
    }

    private static void assertOnlyResp2Types(Reply reply) {
        assertThat(reply).isInstanceOfAny(SimpleStringReply.class, ErrorReply.class, IntegerReply.class,
                BulkStringReply.class, NullReply.class, ArrayReply.class);
        if (reply instanceof ErrorReply error) {
            assertThat(error.bulk()).isFalse();
        }
        if (reply instanceof ArrayReply array) {
            array.elements().forEach(RespRoundTripPropertyTest::assertOnlyResp2Types);
        }
    }

    @Provide
    Arbitrary<Reply> replies() {
        return Arbitraries.recursive(this::scalars, this::aggregatesOf, 0, DEEPEST_TREE);
    }

    private Arbitrary<Reply> aggregatesOf(Arbitrary<Reply> element) {
        Arbitrary<List<Reply>> lists = element.list().ofMaxSize(LARGEST_LIST);
        return Arbitraries.oneOf(
                element,
                lists.map(ArrayReply::new),
                lists.map(SetReply::new),
                lists.map(PushReply::new),
                Arbitraries.maps(element, element).ofMaxSize(LARGEST_MAP)
                        .map(entries -> new MapReply(new LinkedHashMap<>(entries))));
    }

    private Arbitrary<Reply> scalars() {
        Arbitrary<String> lineText = Arbitraries.strings()
                .withCharRange('a', 'z').withCharRange('0', '9').withChars(" :-_éü€")
                .ofMaxLength(20);
        Arbitrary<String> anyText = Arbitraries.strings()
                .withCharRange('a', 'z').withChars(" \r\n:é€")
                .ofMaxLength(30);
        return Arbitraries.oneOf(
                Arbitraries.oneOf(lineText.map(SimpleStringReply::new),
                        Arbitraries.of(SimpleStringReply.OK, SimpleStringReply.PONG, SimpleStringReply.QUEUED)),
                lineText.map(text -> new ErrorReply("ERR " + text, false)),
                anyText.map(text -> new ErrorReply(text, true)),
                Arbitraries.longs().map(IntegerReply::new),
                Arbitraries.bytes().array(byte[].class).ofMaxSize(300).map(BulkStringReply::new),
                Arbitraries.of(NullReply.INSTANCE, BooleanReply.TRUE, BooleanReply.FALSE),
                doubles().map(DoubleReply::new),
                Arbitraries.bigIntegers()
                        .between(BigInteger.TEN.pow(40).negate(), BigInteger.TEN.pow(40))
                        .map(BigNumberReply::new),
                Arbitraries.of("txt", "mkd").flatMap(format -> anyText.map(text -> new VerbatimStringReply(format, text))));
    }

    private static Arbitrary<Double> doubles() {
        return Arbitraries.oneOf(
                Arbitraries.doubles(),
                Arbitraries.longs().map(Double::longBitsToDouble),
                Arbitraries.of(Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, -0.0,
                        Double.MIN_VALUE, Double.MAX_VALUE));
    }
}
