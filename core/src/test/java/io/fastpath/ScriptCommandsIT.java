package io.fastpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.command.FlushMode;
import io.fastpath.command.Reply;
import io.fastpath.command.Script;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ScriptCommandsIT extends RedisServerPerClass {

    private static final String LIBRARY = """
            #!lua name=counters
            redis.register_function('bump', function(keys, args)
              return redis.call('INCRBY', keys[1], args[1])
            end)
            redis.register_function{function_name='peek', callback=function(keys, args)
              return redis.call('GET', keys[1])
            end, flags={'no-writes'}}
            """;

    private static String text(Reply reply) {
        return ((Reply.BulkStringReply) reply).asUtf8();
    }

    @Test
    void theScriptDigestIsComputedLocallyAndMatchesTheServers() {
        Script script = Script.of("return 'hello'");
        assertThat(script.sha1()).isEqualTo("1b936e3fe509bcbc9cd0664897bbe8fd0cac101b");
        assertThat(redis.scriptLoad(script.source())).isEqualTo(script.sha1());
        assertThat(redis.scriptExists(List.of(script.sha1(), "0000000000000000000000000000000000000000")))
                .containsExactly(true, false);
    }

    @Test
    void evalScriptLoadsAnUnknownScriptAndReloadsItTransparentlyAfterScriptFlush() {
        Script script = Script.of("return redis.call('INCRBY', KEYS[1], ARGV[1])");
        assertThat(redis.scriptExists(List.of(script.sha1()))).containsExactly(false);

        assertThat(redis.evalScript(script, List.of("counter"), List.of("5"))).isEqualTo(new Reply.IntegerReply(5));
        assertThat(redis.scriptExists(List.of(script.sha1()))).containsExactly(true);

        redis.scriptFlush(FlushMode.SYNC);
        assertThat(redis.scriptExists(List.of(script.sha1()))).containsExactly(false);
        assertThat(redis.evalScript(script, List.of("counter"), List.of("2"))).isEqualTo(new Reply.IntegerReply(7));

        redis.scriptFlush();
        assertThat(redis.async().evalScript(script, List.of("counter"), List.of("3")).join())
                .isEqualTo(new Reply.IntegerReply(10));
        assertThat(redis.scriptExists(List.of(script.sha1()))).containsExactly(true);
        assertThat(redis.get("counter")).isEqualTo("10");
    }

    @Test
    void evalScriptPassesOnErrorsOtherThanNoScript() {
        Script failing = Script.of("return redis.error_reply('BOOM it failed')");
        assertThatThrownBy(() -> redis.evalScript(failing, List.of(), List.of()))
                .isInstanceOf(RedisServerException.class).hasMessageContaining("it failed");
        assertThatThrownBy(() -> redis.async().evalScript(failing, List.of(), List.of()).join())
                .hasRootCauseInstanceOf(RedisServerException.class).hasMessageContaining("it failed");
    }

    @Test
    void keysAndArgumentsReachTheScriptInOrder() {
        String source = "return {KEYS[1], KEYS[2], ARGV[1], ARGV[2], ARGV[3]}";
        Reply reply = redis.eval(source, List.of("{k}1", "{k}2"), List.of("a", "b", "c"));
        List<Reply> elements = ((Reply.ArrayReply) reply).elements();
        assertThat(elements.stream().map(ScriptCommandsIT::text)).containsExactly("{k}1", "{k}2", "a", "b", "c");

        String sha1 = redis.scriptLoad(source);
        Reply again = redis.evalShaReadOnly(sha1, List.of("x", "y"), List.of("1", "2", "3"));
        assertThat(((Reply.ArrayReply) again).elements().stream().map(ScriptCommandsIT::text))
                .containsExactly("x", "y", "1", "2", "3");
        assertThat(redis.evalSha(sha1, List.of("p", "q"), List.of("4", "5", "6"))).isInstanceOf(Reply.ArrayReply.class);
    }

    @Test
    void readOnlyEvalRefusesToWrite() {
        redis.set("k", "v");
        assertThat(text(redis.evalReadOnly("return redis.call('GET', KEYS[1])", List.of("k"), List.of()))).isEqualTo("v");
        assertThatThrownBy(() -> redis.evalReadOnly("return redis.call('SET', KEYS[1], 'x')", List.of("k"), List.of()))
                .isInstanceOf(RedisServerException.class);
        assertThat(redis.get("k")).isEqualTo("v");
    }

    @Test
    void evalShaOfAnUnknownDigestFailsWithNoScript() {
        assertThatThrownBy(() -> redis.evalSha("0000000000000000000000000000000000000000", List.of(), List.of()))
                .isInstanceOfSatisfying(RedisServerException.class, e -> assertThat(e.code()).isEqualTo("NOSCRIPT"));
    }

    @Test
    void fcallRunsAFunctionOfALoadedLibrary() {
        redis.functionFlush(FlushMode.SYNC);
        assertThat(redis.functionLoad(LIBRARY)).isEqualTo("counters");
        assertThatThrownBy(() -> redis.functionLoad(LIBRARY)).isInstanceOf(RedisServerException.class);
        assertThat(redis.functionLoadReplace(LIBRARY)).isEqualTo("counters");

        assertThat(redis.fcall("bump", List.of("c"), List.of("4"))).isEqualTo(new Reply.IntegerReply(4));
        assertThat(redis.async().fcall("bump", List.of("c"), List.of("6")).join()).isEqualTo(new Reply.IntegerReply(10));
        assertThat(text(redis.fcallReadOnly("peek", List.of("c"), List.of()))).isEqualTo("10");
        assertThatThrownBy(() -> redis.fcallReadOnly("bump", List.of("c"), List.of("1")))
                .isInstanceOf(RedisServerException.class);
    }

    @Test
    void functionListDescribesLibrariesAndDeleteAndFlushRemoveThem() {
        redis.functionFlush();
        redis.functionLoad(LIBRARY);
        List<Reply> libraries = ((Reply.ArrayReply) redis.functionList()).elements();
        assertThat(libraries).hasSize(1);
        Map<Reply, Reply> library = ((Reply.MapReply) libraries.get(0)).entries();
        assertThat(library.get(new Reply.BulkStringReply("library_name".getBytes(StandardCharsets.UTF_8))))
                .isEqualTo(new Reply.BulkStringReply("counters".getBytes(StandardCharsets.UTF_8)));
        assertThat(((Reply.ArrayReply) redis.functionList("count*")).elements()).hasSize(1);
        assertThat(((Reply.ArrayReply) redis.functionList("other*")).elements()).isEmpty();

        redis.functionDelete("counters");
        assertThat(((Reply.ArrayReply) redis.functionList()).elements()).isEmpty();
        redis.functionLoad(LIBRARY);
        redis.functionFlush(FlushMode.ASYNC);
        assertThat(((Reply.ArrayReply) redis.functionList()).elements()).isEmpty();
    }

    @Test
    void invalidArgumentsFailBeforeAnythingIsSent() {
        assertThatThrownBy(() -> Script.of("")).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> redis.eval(null, List.of(), List.of())).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> redis.scriptExists(List.of())).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> redis.evalScript(null, List.of(), List.of())).isInstanceOf(RedisArgumentException.class);
    }
}
