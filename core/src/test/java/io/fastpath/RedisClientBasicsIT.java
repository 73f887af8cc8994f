package io.fastpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.command.GetExArgs;
import io.fastpath.command.Reply;
import io.fastpath.command.SetArgs;
import io.fastpath.testkit.RedisServer;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class RedisClientBasicsIT {
    static RedisServer server;
    static RedisClient redis;

    @BeforeAll
    static void start() {
        server = RedisServer.start();
        redis = RedisClient.create(server.uri());
    }

    @AfterAll
    static void stop() {
        if (redis != null) {
            redis.close();
        }
        if (server != null) {
            server.close();
        }
    }

    @BeforeEach
    void flush() {
        redis.flushall();
    }

    @Test
    void setThenGetReturnsTheValue() {
        assertThat(redis.set("greeting", "héllo")).isTrue();
        assertThat(redis.get("greeting")).isEqualTo("héllo");
        assertThat(redis.get("missing")).isNull();
    }

    @Test
    void asyncCommandsCompleteWithTheSameResults() {
        CompletableFuture<Boolean> set = redis.async().set("k", "v");
        CompletableFuture<String> get = redis.async().get("k");
        assertThat(set.join()).isTrue();
        assertThat(get.join()).isEqualTo("v");
    }

    @Test
    void binaryViewKeepsBytesUnchanged() {
        byte[] key = {0, 1, 2, (byte) 0xff};
        byte[] value = new byte[256];
        for (int i = 0; i < value.length; i++) {
            value[i] = (byte) i;
        }
        redis.binary().set(key, value);
        assertThat(redis.binary().get(key)).isEqualTo(value);
    }

    @Test
    void setWithNxOnlySetsAbsentKeys() {
        assertThat(redis.set("k", "1", SetArgs.onlyIfAbsent())).isTrue();
        assertThat(redis.set("k", "2", SetArgs.onlyIfAbsent())).isFalse();
        assertThat(redis.get("k")).isEqualTo("1");
        assertThat(redis.setGet("k", "3", SetArgs.none())).isEqualTo("1");
        assertThat(redis.set("k", "4", SetArgs.px(60_000).xx())).isTrue();
    }

    @Test
    void stringCommandsBehaveAsTheServerSays() {
        assertThat(redis.incr("n")).isEqualTo(1);
        assertThat(redis.incrBy("n", 41)).isEqualTo(42);
        assertThat(redis.decrBy("n", 2)).isEqualTo(40);
        assertThat(redis.decr("n")).isEqualTo(39);
        assertThat(redis.incrByFloat("f", 1.5)).isEqualTo(1.5);
        assertThat(redis.append("s", "abc")).isEqualTo(3);
        assertThat(redis.strlen("s")).isEqualTo(3);
        assertThat(redis.getRange("s", 1, -1)).isEqualTo("bc");
        assertThat(redis.setRange("s", 1, "XY")).isEqualTo(3);
        assertThat(redis.get("s")).isEqualTo("aXY");
        assertThat(redis.getDel("s")).isEqualTo("aXY");
        assertThat(redis.get("s")).isNull();
        Map<String, String> entries = new LinkedHashMap<>();
        entries.put("a", "1");
        entries.put("b", "2");
        redis.mset(entries);
        assertThat(redis.mget("a", "missing", "b")).containsExactly("1", null, "2");
        assertThat(redis.msetnx(Map.of("a", "x", "c", "3"))).isFalse();
        assertThat(redis.getEx("a", GetExArgs.ex(100))).isEqualTo("1");
    }

    @Test
    void serverErrorsKeepTheServersCode() {
        redis.set("text", "not a number");
        assertThatThrownBy(() -> redis.incr("text"))
                .isInstanceOf(RedisServerException.class)
                .satisfies(e -> assertThat(((RedisServerException) e).code()).isEqualTo("ERR"));
        redis.send("LPUSH", "list", "x");
        assertThatThrownBy(() -> redis.get("list"))
                .isInstanceOf(RedisServerException.class)
                .satisfies(e -> assertThat(((RedisServerException) e).code()).isEqualTo("WRONGTYPE"));
        // The connection still serves the next command after an error reply.
        assertThat(redis.set("after", "ok")).isTrue();
    }

    @Test
    void genericSendReturnsTheRawReply() {
        assertThat(redis.send("SET", "g", "v")).isEqualTo(Reply.SimpleStringReply.OK);
        Reply reply = redis.send("GET", "g");
        assertThat(reply).isInstanceOf(Reply.BulkStringReply.class);
        assertThat(((Reply.BulkStringReply) reply).asUtf8()).isEqualTo("v");
        assertThat(redis.send("CLIENT", "INFO")).isInstanceOf(Reply.VerbatimStringReply.class);
    }

    @Test
    void invalidArgumentsFailBeforeAnythingIsSent() {
        assertThatThrownBy(() -> redis.set("k", null)).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> SetArgs.ex(10).withPx(5)).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> SetArgs.ex(0)).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> redis.mget(List.of())).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> redis.send()).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> redis.send("SET", new Object())).isInstanceOf(RedisArgumentException.class);
        assertThat(redis.dbsize()).isZero();
    }

    @Test
    void pingAndEchoAnswer() {
        assertThat(redis.ping()).isEqualTo("PONG");
        assertThat(redis.echo("hi")).isEqualTo("hi");
        assertThat(new String(redis.binary().echo("b".getBytes(StandardCharsets.UTF_8)), StandardCharsets.UTF_8)).isEqualTo("b");
    }
}
