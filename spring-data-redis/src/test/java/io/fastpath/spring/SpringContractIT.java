package io.fastpath.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.RedisClient;
import io.fastpath.testkit.RedisServerExtension;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.redis.RedisSystemException;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisListCommands.Direction;
import org.springframework.data.redis.connection.RedisPipelineException;
import org.springframework.data.redis.connection.RedisStringCommands.BitOperation;
import org.springframework.data.redis.connection.RedisStringCommands.SetOption;
import org.springframework.data.redis.connection.RedisZSetCommands.ZAddArgs;
import org.springframework.data.redis.connection.zset.Tuple;
import org.springframework.data.redis.core.types.Expiration;

/**
 * Points of Spring Data Redis's connection contract that the factory once missed (issue 28): results typed as the
 * plain call's in a pipeline or transaction, call order kept in a pipeline with blocking commands, a failed
 * transaction inside a pipeline reported by closePipeline, Spring's argument checks, and the two deliberate refusals
 * with clear errors. Against a real redis-server.
 */
class SpringContractIT {
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

    private static String text(Object bytes) {
        return bytes == null ? null : new String((byte[]) bytes, StandardCharsets.UTF_8);
    }

    @Test
    void singleKeyExistsCollectsABooleanInAPipelineAsThePlainCallReturns() {
        connection.stringCommands().set(bytes("present"), bytes("1"));
        connection.openPipeline();
        connection.keyCommands().exists(bytes("present"));
        connection.keyCommands().exists(bytes("absent"));
        connection.keyCommands().exists(bytes("present"), bytes("absent"));
        assertThat(connection.closePipeline()).containsExactly(true, false, 1L);
    }

    @Test
    void singleKeyExistsCollectsABooleanInATransaction() {
        connection.stringCommands().set(bytes("present"), bytes("1"));
        connection.multi();
        connection.keyCommands().exists(bytes("present"));
        connection.keyCommands().exists(bytes("absent"));
        assertThat(connection.exec()).containsExactly(true, false);
    }

    @Test
    void singlePositionLposCollectsALongInAPipelineAsThePlainCallReturns() {
        connection.listCommands().rPush(bytes("list"), bytes("a"), bytes("b"));
        connection.openPipeline();
        connection.listCommands().lPos(bytes("list"), bytes("b"));
        connection.listCommands().lPos(bytes("list"), bytes("z"));
        assertThat(connection.closePipeline()).containsExactly(1L, null);
    }

    @Test
    void aBlockingPopInAPipelineRunsBeforeTheCommandsCalledAfterIt() {
        // a factory of its own: its blocking pool has yet to open a connection, as in a fresh application
        FastpathConnectionFactory fresh = new FastpathConnectionFactory(() -> RedisClient.builder().uri(SERVER.server().uri()));
        fresh.afterPropertiesSet();
        List<Object> results;
        try (RedisConnection pipelined = fresh.getConnection()) {
            pipelined.openPipeline();
            pipelined.zSetCommands().zAdd(bytes("z"), 1, bytes("a"), ZAddArgs.empty());
            pipelined.zSetCommands().zAdd(bytes("z"), 2, bytes("b"), ZAddArgs.empty());
            pipelined.zSetCommands().zAdd(bytes("z"), 3, bytes("c"), ZAddArgs.empty());
            pipelined.zSetCommands().bZPopMax(bytes("z"), 1, java.util.concurrent.TimeUnit.SECONDS);
            pipelined.zSetCommands().zPopMax(bytes("z"));
            pipelined.zSetCommands().zPopMax(bytes("z"));
            results = pipelined.closePipeline();
        } finally {
            fresh.destroy();
        }
        assertThat(results).hasSize(6).startsWith(true, true, true);
        assertThat(results.subList(3, 6)).allSatisfy(tuple -> assertThat(tuple).isInstanceOf(Tuple.class));
        assertThat(results.subList(3, 6)).extracting(tuple -> text(((Tuple) tuple).getValue())).containsExactly("c", "b", "a");
    }

    @Test
    void aBlockingMoveInAPipelineSeesTheCommandsBeforeItAndIsSeenByThoseAfterIt() {
        connection.openPipeline();
        connection.listCommands().rPush(bytes("from"), bytes("hello"), bytes("big"));
        connection.listCommands().lRange(bytes("to"), 0, -1);
        connection.listCommands().bLMove(bytes("from"), bytes("to"), Direction.LEFT, Direction.RIGHT, 1);
        connection.listCommands().lRange(bytes("to"), 0, -1);
        connection.listCommands().lRange(bytes("from"), 0, -1);
        List<Object> results = connection.closePipeline();
        assertThat(results.get(0)).isEqualTo(2L);
        assertThat((List<?>) results.get(1)).isEmpty();
        assertThat(text(results.get(2))).isEqualTo("hello");
        assertThat((List<?>) results.get(3)).extracting(SpringContractIT::text).containsExactly("hello");
        assertThat((List<?>) results.get(4)).extracting(SpringContractIT::text).containsExactly("big");
    }

    @Test
    void aTransactionInsideAPipelineRunsAfterTheCommandsPipelinedBeforeIt() {
        connection.openPipeline();
        connection.stringCommands().set(bytes("k"), bytes("1"));
        connection.multi();
        connection.stringCommands().incr(bytes("k"));
        connection.exec();
        connection.stringCommands().get(bytes("k"));
        List<Object> results = connection.closePipeline();
        assertThat(results).hasSize(3);
        assertThat(results.get(0)).isEqualTo(true);
        assertThat(results.get(1)).isEqualTo(List.of(2L));
        assertThat(text(results.get(2))).isEqualTo("2");
    }

    @Test
    void aFailedCommandInsideAPipelinedTransactionMakesClosePipelineThrowWithTheResults() {
        connection.openPipeline();
        connection.stringCommands().set(bytes("s"), bytes("text"));
        connection.multi();
        connection.stringCommands().set(bytes("s"), bytes("other"));
        connection.listCommands().lPop(bytes("s"));
        assertThat(connection.exec()).isNull();
        assertThatThrownBy(connection::closePipeline).isInstanceOfSatisfying(RedisPipelineException.class, failed -> {
            assertThat(failed.getPipelineResult()).hasSize(2);
            assertThat(failed.getPipelineResult().get(0)).isEqualTo(true);
            assertThat(failed.getPipelineResult().get(1)).isInstanceOf(RedisSystemException.class);
            assertThat(FastpathExceptionTranslator.serverErrorCode((Throwable) failed.getPipelineResult().get(1))).isEqualTo("WRONGTYPE");
        });
        assertThat(connection.isPipelined()).isFalse();
        assertThat(text(connection.stringCommands().get(bytes("s")))).isEqualTo("other"); // the server does not roll back
    }

    @Test
    void aPipelineLongerThanTheConnectionsInFlightLimitCompletesInOrder() {
        FastpathConnectionFactory limited = new FastpathConnectionFactory(
                () -> RedisClient.builder().uri(SERVER.server().uri()).maxInFlightPerConnection(64));
        limited.afterPropertiesSet();
        try (RedisConnection pipelined = limited.getConnection()) {
            pipelined.openPipeline();
            for (int i = 0; i < 1_000; i++) {
                pipelined.stringCommands().incr(bytes("counter"));
            }
            List<Object> results = pipelined.closePipeline();
            assertThat(results).hasSize(1_000);
            assertThat(results.get(0)).isEqualTo(1L);
            assertThat(results.get(999)).isEqualTo(1_000L);
        } finally {
            limited.destroy();
        }
    }

    @Test
    void pfCountWithoutKeysIsRefusedBeforeSendingAsSpringsDriversRefuseIt() {
        assertThatThrownBy(() -> connection.hyperLogLogCommands().pfCount((byte[][]) null)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> connection.hyperLogLogCommands().pfCount()).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> connection.hyperLogLogCommands().pfCount(bytes("a"), null)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void setWithANullExpirationOrOptionIsRefusedBeforeSending() {
        assertThatThrownBy(() -> connection.stringCommands().set(bytes("k"), bytes("v"), null, SetOption.upsert()))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> connection.stringCommands().set(bytes("k"), bytes("v"), Expiration.persistent(), null))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(connection.keyCommands().exists(bytes("k"))).isFalse();
    }

    @Test
    void bitOpNotWithSeveralSourcesIsRefusedBeforeSending() {
        assertThatThrownBy(() -> connection.stringCommands().bitOp(BitOperation.NOT, bytes("dest"), bytes("a"), bytes("b")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("NOT");
    }

    @Test
    void aNullKeyOrValueInMSetOrMSetNxIsRefusedBeforeAnyPairIsSent() {
        Map<byte[], byte[]> nullValue = new LinkedHashMap<>();
        nullValue.put(bytes("first"), bytes("v"));
        nullValue.put(bytes("second"), null);
        Map<byte[], byte[]> nullKey = new LinkedHashMap<>();
        nullKey.put(bytes("first"), bytes("v"));
        nullKey.put(null, bytes("v"));
        for (Map<byte[], byte[]> pairs : List.of(nullValue, nullKey)) {
            assertThatThrownBy(() -> connection.stringCommands().mSet(pairs)).isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> connection.stringCommands().mSetNX(pairs)).isInstanceOf(IllegalArgumentException.class);
        }
        assertThat(connection.keyCommands().exists(bytes("first"))).isFalse();
    }

    @Test
    void aNullKeyIsRefusedBeforeSendingInAPipelineToo() {
        connection.openPipeline();
        assertThatThrownBy(() -> connection.listCommands().lPush(null, bytes("v"))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> connection.hashCommands().hSet(bytes("h"), null, bytes("v"))).isInstanceOf(IllegalArgumentException.class);
        assertThat(connection.closePipeline()).isEmpty();
    }

    @Test
    void selectInsideAPipelineOrTransactionIsRefusedWithAnErrorThatSaysWhy() {
        connection.openPipeline();
        assertThatThrownBy(() -> connection.select(1)).isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining("SELECT").hasMessageContaining("pipeline");
        connection.closePipeline();
        connection.multi();
        assertThatThrownBy(() -> connection.select(1)).isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining("SELECT").hasMessageContaining("transaction");
        connection.discard();
    }

    @Test
    void clientSetNameIsRefusedWithAnErrorNamingTheBuilderOption() {
        assertThatThrownBy(() -> connection.serverCommands().setClientName(bytes("mine")))
                .isInstanceOf(InvalidDataAccessApiUsageException.class).hasMessageContaining("clientName");
    }
}
