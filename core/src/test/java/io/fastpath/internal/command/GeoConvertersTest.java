package io.fastpath.internal.command;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.command.GeoCoordinates;
import io.fastpath.command.GeoResult;
import io.fastpath.RedisCodec;
import io.fastpath.command.Reply;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The geo and bitfield converters fed RESP2's bulk-string numbers and RESP3's doubles, without a server. */
class GeoConvertersTest {

    private static Reply bulk(String text) {
        return new Reply.BulkStringReply(text.getBytes(StandardCharsets.UTF_8));
    }

    private static Reply array(Reply... elements) {
        return new Reply.ArrayReply(List.of(elements));
    }

    @Test
    void positionsReadResp2BulkStringsResp3DoublesAndNulls() {
        Reply resp2 = array(array(bulk("13.5"), bulk("38.1")), Reply.NullReply.INSTANCE);
        assertThat(GeoConverters.POSITIONS.convert(resp2)).isEqualTo(Arrays.asList(new GeoCoordinates(13.5, 38.1), null));
        Reply resp3 = array(array(new Reply.DoubleReply(13.5), new Reply.DoubleReply(38.1)));
        assertThat(GeoConverters.POSITIONS.convert(resp3)).containsExactly(new GeoCoordinates(13.5, 38.1));
    }

    @Test
    void searchResultsReadTheRequestedPartsInTheServersOrder() {
        Reply resp2 = array(array(bulk("Catania"), bulk("56.4413"), new Reply.IntegerReply(3479447370796909L),
                array(bulk("15.08"), bulk("37.50"))));
        assertThat(GeoConverters.results(RedisCodec.UTF8, true, true, true).convert(resp2)).containsExactly(
                new GeoResult<>("Catania", 56.4413, 3479447370796909L, new GeoCoordinates(15.08, 37.50)));
        Reply hashOnly = array(array(bulk("Catania"), new Reply.IntegerReply(7)));
        assertThat(GeoConverters.results(RedisCodec.UTF8, false, true, false).convert(hashOnly))
                .containsExactly(new GeoResult<>("Catania", null, 7L, null));
        assertThat(GeoConverters.results(RedisCodec.UTF8, false, false, false).convert(array(bulk("Palermo"))))
                .containsExactly(new GeoResult<>("Palermo", null, null, null));
        assertThatThrownBy(() -> GeoConverters.results(RedisCodec.UTF8, true, true, false).convert(hashOnly))
                .isInstanceOf(UnexpectedReplyException.class);
    }

    @Test
    void geohashesKeepNullsInPlace() {
        assertThat(GeoConverters.HASHES.convert(array(bulk("sqc8b49rny0"), Reply.NullReply.INSTANCE)))
                .isEqualTo(Arrays.asList("sqc8b49rny0", null));
    }

    @Test
    void bitfieldRepliesKeepTheNullsOfOverflowFail() {
        assertThat(Converters.LONG_OR_NULL_LIST.convert(array(new Reply.IntegerReply(3), Reply.NullReply.INSTANCE)))
                .isEqualTo(Arrays.asList(3L, null));
    }
}
