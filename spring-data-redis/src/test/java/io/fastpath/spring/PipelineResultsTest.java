package io.fastpath.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * The order a pipeline sends its commands in, with futures completed by hand: a blocking command (a barrier) goes out
 * only once everything before it has completed, and nothing after it goes out before it completes.
 */
class PipelineResultsTest {
    private final List<String> sent = new ArrayList<>();
    private final PipelineResults pipeline = new PipelineResults();

    private Supplier<CompletableFuture<Object>> sending(String name, CompletableFuture<Object> reply) {
        return () -> {
            sent.add(name);
            return reply;
        };
    }

    @Test
    void aBarrierWaitsForTheCommandsBeforeItAndHoldsBackTheCommandsAfterIt() {
        CompletableFuture<Object> set = new CompletableFuture<>();
        CompletableFuture<Object> blockingPop = new CompletableFuture<>();
        pipeline.add(sending("SET", set), false, Function.identity(), false);
        pipeline.add(sending("BLPOP", blockingPop), true, Function.identity(), false);
        assertThat(sent).containsExactly("SET"); // BLPOP waits for SET's reply
        set.complete("OK");
        pipeline.add(sending("LRANGE", CompletableFuture.completedFuture("[]")), false, Function.identity(), false);
        assertThat(sent).containsExactly("SET", "BLPOP"); // LRANGE waits for BLPOP's reply
        blockingPop.complete("popped");
        pipeline.add(sending("GET", CompletableFuture.completedFuture("v")), false, Function.identity(), false);
        assertThat(sent).containsExactly("SET", "BLPOP", "LRANGE", "GET");
        assertThat(pipeline.collect(true)).containsExactly("OK", "popped", "[]", "v");
    }

    @Test
    void closingWaitsForABarrierBeforeSendingWhatFollowsIt() {
        CompletableFuture<Object> blockingPop = new CompletableFuture<>();
        pipeline.add(sending("BLPOP", blockingPop), true, Function.identity(), false);
        pipeline.add(sending("GET", CompletableFuture.completedFuture("v")), false, Function.identity(), false);
        assertThat(sent).containsExactly("BLPOP");
        CompletableFuture.delayedExecutor(50, java.util.concurrent.TimeUnit.MILLISECONDS).execute(() -> blockingPop.complete("popped"));
        assertThat(pipeline.collect(true)).containsExactly("popped", "v");
        assertThat(sent).containsExactly("BLPOP", "GET");
    }

    @Test
    void aCommandRefusedAsItIsSentIsThrownToTheCallerAndLeftOutOfTheResults() {
        pipeline.add(sending("SET", CompletableFuture.completedFuture("OK")), false, Function.identity(), false);
        assertThatThrownBy(() -> pipeline.add(() -> {
            throw new IllegalArgumentException("refused");
        }, false, Function.identity(), false)).isInstanceOf(IllegalArgumentException.class);
        assertThat(pipeline.collect(true)).containsExactly("OK");
    }
}
