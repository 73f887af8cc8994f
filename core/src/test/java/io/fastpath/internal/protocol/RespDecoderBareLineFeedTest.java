package io.fastpath.internal.protocol;

import static io.fastpath.internal.protocol.DecoderFeed.decodeOne;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.RedisProtocolException;
import io.fastpath.command.Reply;
import org.junit.jupiter.api.Test;

/** Only CRLF ends a simple string or error line; a bare LF inside one is text (Valkey 8.0 sends such errors). */
class RespDecoderBareLineFeedTest {

    @Test
    void anErrorLineHoldingACallersNewlineIsOneErrorReplyWithTheNewlineKept() {
        // Valkey 8.0.1's answer to FUNCTION LIST with an argument holding a newline (Redis 7.0 turns it into a space).
        Reply reply = decodeOne("-ERR Unknown argument #!lua name=lib\nredis.register_function('f')\r\n");
        assertThat(reply).isEqualTo(new Reply.ErrorReply("ERR Unknown argument #!lua name=lib\nredis.register_function('f')", false));
    }

    @Test
    void aSimpleStringHoldingABareLineFeedKeepsIt() {
        assertThat(decodeOne("+two\nlines\r\n")).isEqualTo(new Reply.SimpleStringReply("two\nlines"));
    }

    @Test
    void aBareLineFeedEndingANumberIsStillAProtocolError() {
        assertThatThrownBy(() -> decodeOne(":12\n:3\r\n")).isInstanceOf(RedisProtocolException.class)
                .hasMessageContaining("LF without CR");
    }
}
