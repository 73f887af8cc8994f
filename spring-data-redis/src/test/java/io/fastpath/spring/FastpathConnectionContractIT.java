package io.fastpath.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.RedisClient;
import io.fastpath.testkit.RedisServerExtension;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.domain.Range;
import org.springframework.data.redis.RedisSystemException;
import org.springframework.data.redis.connection.DataType;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisPipelineException;
import org.springframework.data.redis.connection.RedisStringCommands.SetOption;
import org.springframework.data.redis.connection.ReturnType;
import org.springframework.data.redis.connection.zset.Tuple;
import org.springframework.data.redis.core.Cursor;
import org.springframework.data.redis.core.ScanOptions;
import org.springframework.data.redis.core.types.Expiration;

/**
 * The connection contract Spring Data Redis's own integration tests (AbstractConnectionIntegrationTests, the pipeline
 * and transaction variants) check of the Lettuce and Jedis factories, against a real redis-server: results and their
 * types, pipeline and transaction results in order with status replies left out, WATCH aborts, error translation with
 * the server's code, and where we differ on purpose the exception Lettuce's factory throws.
 */
class FastpathConnectionContractIT {
    @RegisterExtension
    static final RedisServerExtension SERVER = RedisServerExtension.standalone();

    private static FastpathConnectionFactory factory;
    private RedisConnection connection;

    @BeforeAll
    static void startFactory() {
        factory = new FastpathConnectionFactory(() -> RedisClient.builder().uri(SERVER.server().uri()));
        factory.afterPropertiesSet();
    }

    @AfterAll
    static void stopFactory() {
        factory.destroy();
    }

    @BeforeEach
    void flush() {
        connection = factory.getConnection();
        connection.serverCommands().flushAll();
    }

    @AfterEach
    void closeConnection() {
        connection.close();
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static String text(byte[] bytes) {
        return bytes == null ? null : new String(bytes, StandardCharsets.UTF_8);
    }

    @Test
    void plainCommandsReturnSpringsTypes() {
        assertThat(connection.stringCommands().set(bytes("k"), bytes("v"))).isTrue();
        assertThat(text(connection.stringCommands().get(bytes("k")))).isEqualTo("v");
        assertThat(connection.stringCommands().get(bytes("missing"))).isNull();
        assertThat(connection.stringCommands().set(bytes("k"), bytes("w"), Expiration.seconds(100), SetOption.ifAbsent())).isFalse();
        assertThat(connection.keyCommands().ttl(bytes("k"))).isEqualTo(-1L);
        assertThat(connection.stringCommands().incrBy(bytes("n"), 2.5)).isEqualTo(2.5);
        assertThat(connection.keyCommands().type(bytes("k"))).isEqualTo(DataType.STRING);
        assertThat(connection.hashCommands().hSet(bytes("h"), bytes("f"), bytes("1"))).isTrue();
        Map<byte[], byte[]> all = connection.hashCommands().hGetAll(bytes("h"));
        assertThat(all).hasSize(1);
        assertThat(text(all.keySet().iterator().next())).isEqualTo("f");
        connection.zSetCommands().zAdd(bytes("z"), 1.5, bytes("a"), org.springframework.data.redis.connection.RedisZSetCommands.ZAddArgs.empty());
        connection.zSetCommands().zAdd(bytes("z"), 3, bytes("b"), org.springframework.data.redis.connection.RedisZSetCommands.ZAddArgs.empty());
        List<Tuple> tuples = List.copyOf(connection.zSetCommands().zRangeWithScores(bytes("z"), 0, -1));
        assertThat(tuples).extracting(Tuple::getScore).containsExactly(1.5, 3.0);
        assertThat(connection.zSetCommands().zRangeByScore(bytes("z"), Range.closed(2, 4))).hasSize(1);
        assertThat(connection.zSetCommands().zScore(bytes("z"), bytes("a"))).isEqualTo(1.5);
        assertThat(connection.ping()).isEqualTo("PONG");
        assertThat((Long) connection.scriptingCommands().eval(bytes("return 7"), ReturnType.INTEGER, 0)).isEqualTo(7L);
    }

    @Test
    void aPipelineReturnsEveryResultInOrderConvertedAndLeavesStatusRepliesOut() {
        connection.openPipeline();
        assertThat(connection.stringCommands().set(bytes("a"), bytes("1"))).isNull();
        connection.stringCommands().setRange(bytes("a"), bytes("2"), 0); // a status reply: left out
        connection.stringCommands().get(bytes("a"));
        connection.stringCommands().incr(bytes("counter"));
        connection.keyCommands().exists(bytes("a"));
        List<Object> results = connection.closePipeline();
        assertThat(results).hasSize(4);
        assertThat(results.get(0)).isEqualTo(true);
        assertThat(text((byte[]) results.get(1))).isEqualTo("2");
        assertThat(results.get(2)).isEqualTo(1L);
        assertThat(results.get(3)).isEqualTo(true); // exists(key) is a Boolean, pipelined as plain
    }

    @Test
    void aFailedCommandInAPipelineKeepsItsPlaceAndTheServersCode() {
        connection.stringCommands().set(bytes("s"), bytes("text"));
        connection.openPipeline();
        connection.stringCommands().get(bytes("s"));
        connection.listCommands().lPush(bytes("s"), bytes("x"));
        connection.stringCommands().get(bytes("s"));
        assertThatThrownBy(connection::closePipeline).isInstanceOfSatisfying(RedisPipelineException.class, failed -> {
            assertThat(failed.getPipelineResult()).hasSize(3);
            assertThat(text((byte[]) failed.getPipelineResult().get(0))).isEqualTo("text");
            assertThat(failed.getPipelineResult().get(1)).isInstanceOf(RedisSystemException.class);
            assertThat(FastpathExceptionTranslator.serverErrorCode((Throwable) failed.getPipelineResult().get(1))).isEqualTo("WRONGTYPE");
            assertThat(text((byte[]) failed.getPipelineResult().get(2))).isEqualTo("text");
        });
    }

    @Test
    void aTransactionReturnsItsResultsFromExecAndNothingBefore() {
        connection.multi();
        assertThat(connection.isQueueing()).isTrue();
        assertThat(connection.stringCommands().set(bytes("t"), bytes("1"))).isNull();
        connection.stringCommands().incr(bytes("t"));
        connection.listCommands().lTrim(bytes("list"), 0, 1); // a status reply: left out
        connection.stringCommands().get(bytes("t"));
        List<Object> results = connection.exec();
        assertThat(results).hasSize(3);
        assertThat(results.get(0)).isEqualTo(true);
        assertThat(results.get(1)).isEqualTo(2L);
        assertThat(text((byte[]) results.get(2))).isEqualTo("2");
        assertThat(connection.isQueueing()).isFalse();
    }

    @Test
    void aWatchedKeyChangedByAnotherClientMakesExecReturnNullAsLettucesDoes() {
        connection.stringCommands().set(bytes("balance"), bytes("100"));
        connection.watch(bytes("balance"));
        assertThat(text(connection.stringCommands().get(bytes("balance")))).isEqualTo("100"); // read on the watched connection
        SERVER.server().call("SET", "balance", "50");
        connection.multi();
        connection.stringCommands().set(bytes("balance"), bytes("70"));
        assertThat(connection.exec()).isNull();
        assertThat(text(connection.stringCommands().get(bytes("balance")))).isEqualTo("50");
    }

    @Test
    void anUnchangedWatchedKeyCommits() {
        connection.stringCommands().set(bytes("balance"), bytes("100"));
        connection.watch(bytes("balance"));
        connection.multi();
        connection.stringCommands().decrBy(bytes("balance"), 30);
        assertThat(connection.exec()).containsExactly(70L);
    }

    @Test
    void discardDropsTheBlockAndExecWithoutMultiFailsAsTheServersErrorWouldWithLettuce() {
        connection.multi();
        connection.multi(); // a second MULTI is ignored
        connection.stringCommands().set(bytes("d"), bytes("1"));
        connection.discard();
        assertThat(connection.stringCommands().get(bytes("d"))).isNull();
        assertThatThrownBy(connection::exec).isInstanceOf(RedisSystemException.class).hasMessage("ERR EXEC without MULTI");
        connection.multi(); // a new transaction after the discarded one
        connection.stringCommands().set(bytes("d"), bytes("2"));
        assertThat(connection.exec()).containsExactly(true);
    }

    @Test
    void inAPipelineExecWithoutMultiFailsWhenThePipelineCloses() {
        connection.openPipeline();
        connection.stringCommands().set(bytes("p"), bytes("1"));
        assertThat(connection.exec()).isNull();
        assertThatThrownBy(connection::closePipeline).isInstanceOf(RedisPipelineException.class)
                .cause().hasMessage("ERR EXEC without MULTI");
        assertThat(text(connection.stringCommands().get(bytes("p")))).isEqualTo("1");
    }

    @Test
    void aFailedCommandInsideATransactionFailsExecWithTheServersError() {
        connection.multi();
        connection.stringCommands().set(bytes("foo"), bytes("bar"));
        connection.listCommands().lPop(bytes("foo"));
        assertThatThrownBy(connection::exec).isInstanceOf(RedisSystemException.class).hasMessageStartingWith("WRONGTYPE");
        assertThat(text(connection.stringCommands().get(bytes("foo")))).isEqualTo("bar"); // the server does not roll back
    }

    @Test
    void watchAndScriptKillInsideATransactionAreRefusedAsLettuceRefusesThem() {
        connection.multi();
        assertThatThrownBy(() -> connection.watch(bytes("k"))).isInstanceOf(InvalidDataAccessApiUsageException.class);
        assertThatThrownBy(() -> connection.scriptingCommands().scriptKill()).isInstanceOf(InvalidDataAccessApiUsageException.class);
        connection.discard();
    }

    @Test
    void aServerErrorBecomesARedisSystemExceptionKeepingTheCode() {
        connection.stringCommands().set(bytes("s"), bytes("text"));
        assertThatThrownBy(() -> connection.listCommands().lPush(bytes("s"), bytes("x")))
                .isInstanceOf(RedisSystemException.class)
                .hasMessageStartingWith("WRONGTYPE")
                .satisfies(failed -> assertThat(FastpathExceptionTranslator.serverErrorCode(failed)).isEqualTo("WRONGTYPE"));
    }

    @Test
    void selectSwitchesThisConnectionToAClientOfThatDatabaseAndNoOther() {
        connection.stringCommands().set(bytes("where"), bytes("db0"));
        try (RedisConnection other = factory.getConnection()) {
            other.select(3);
            assertThat(other.stringCommands().get(bytes("where"))).isNull();
            other.stringCommands().set(bytes("where"), bytes("db3"));
        }
        assertThat(text(connection.stringCommands().get(bytes("where")))).isEqualTo("db0");
        assertThat(text(connection.stringCommands().get(bytes("where")))).isEqualTo("db0");
        assertThat(SERVER.server().call("SELECT", "3")).isEqualTo("OK"); // the admin connection is the test's own
    }

    @Test
    void selectOnAFactoryGivenAReadyClientIsRefused() {
        try (RedisClient client = RedisClient.create(SERVER.server().uri())) {
            FastpathConnectionFactory shared = new FastpathConnectionFactory(client);
            try (RedisConnection sharedConnection = shared.getConnection()) {
                assertThatThrownBy(() -> sharedConnection.select(1)).isInstanceOf(InvalidDataAccessApiUsageException.class);
            }
        }
    }

    @Test
    void scansReturnEveryKeyOnce() {
        for (int i = 0; i < 250; i++) {
            connection.stringCommands().set(bytes("scan:" + i), bytes("v"));
        }
        connection.stringCommands().set(bytes("other"), bytes("v"));
        int seen = 0;
        try (Cursor<byte[]> cursor = connection.keyCommands().scan(ScanOptions.scanOptions().match("scan:*").count(50).build())) {
            while (cursor.hasNext()) {
                assertThat(text(cursor.next())).startsWith("scan:");
                seen++;
            }
        }
        assertThat(seen).isEqualTo(250);
        assertThat(connection.keyCommands().keys(bytes("scan:1*"))).hasSize(111);
    }

    @Test
    void aBlockingPopWaitsOnTheBlockingPoolAndReturnsKeyAndValue() {
        connection.listCommands().rPush(bytes("queue"), bytes("job"));
        assertThat(connection.listCommands().bLPop(1, bytes("queue"))).extracting(FastpathConnectionContractIT::text)
                .containsExactly("queue", "job");
        assertThat(connection.listCommands().bLPop(1, bytes("queue"))).isNull();
    }

    @Test
    void clientSetNameIsRefusedBeforeAnythingIsSent() {
        assertThatThrownBy(() -> connection.serverCommands().setClientName(bytes("x")))
                .isInstanceOf(InvalidDataAccessApiUsageException.class).hasMessageContaining("clientName");
    }
}
