package io.fastpath.codegen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class RespReaderTest {

    @Test
    void readsSimpleStringsIntegersAndBulkStrings() throws IOException {
        RespReader reader = readerOf("+OK\r\n:-42\r\n$4\r\nhé!\r\n$0\r\n\r\n");
        assertThat(reader.read()).isEqualTo("OK");
        assertThat(reader.read()).isEqualTo(-42L);
        assertThat(reader.read()).isEqualTo("hé!");
        assertThat(reader.read()).isEqualTo("");
    }

    @Test
    void readsNullBulkStringsAndNullArraysAsNull() throws IOException {
        RespReader reader = readerOf("$-1\r\n*-1\r\n");
        assertThat(reader.read()).isNull();
        assertThat(reader.read()).isNull();
    }

    @Test
    void readsNestedArraysWithErrorsInside() throws IOException {
        RespReader reader = readerOf("*3\r\n:1\r\n*2\r\n+a\r\n$-1\r\n-ERR nested\r\n");
        assertThat(reader.read()).isEqualTo(List.of(1L, Arrays.asList("a", null), new RespError("ERR nested")));
    }

    @Test
    void readsATopLevelErrorAsAValue() throws IOException {
        assertThat(readerOf("-WRONGTYPE bad\r\n").read()).isEqualTo(new RespError("WRONGTYPE bad"));
    }

    @Test
    void failsOnATruncatedBulkString() {
        assertThatThrownBy(() -> readerOf("$10\r\nshort").read()).isInstanceOf(EOFException.class);
    }

    @Test
    void failsOnAnUnknownTypeByte() {
        assertThatThrownBy(() -> readerOf("%1\r\n").read()).isInstanceOf(IOException.class).hasMessageContaining("'%'");
    }

    private static RespReader readerOf(String wire) {
        return new RespReader(new ByteArrayInputStream(wire.getBytes(StandardCharsets.UTF_8)));
    }
}
