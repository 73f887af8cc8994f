package io.fastpath.benchmarks.callerio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.command.Reply;
import io.fastpath.testkit.Conditions;
import io.fastpath.testkit.RedisServer;
import io.fastpath.testkit.RedisServerExtension;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The caller-driven prototype against a real redis-server: replies reach their own caller, the loop is never stranded. */
class CallerDrivenConnectionIT {

  /** Every wait in these tests is bounded by this, so a lost wake-up fails the test instead of hanging it. */
  private static final long BOUND_SECONDS = 60;

  @RegisterExtension
  static RedisServerExtension redis = RedisServerExtension.standalone();

  @ParameterizedTest(name = "followers wake the driver: {0}")
  @ValueSource(booleans = {false, true})
  void manyCallersDoingSetAndGetEachReadTheirOwnValues(boolean wakeDriverOnQueue) throws Exception {
    int callers = 16;
    int rounds = 2_000;
    try (CallerDrivenConnection connection = connect(wakeDriverOnQueue)) {
      ExecutorService threads = Executors.newFixedThreadPool(callers);
      try {
        List<Future<Integer>> results = new ArrayList<>();
        for (int caller = 0; caller < callers; caller++) {
          int index = caller;
          results.add(threads.submit(() -> {
            int matched = 0;
            for (int round = 0; round < rounds; round++) {
              String key = "caller-" + index + "-key-" + (round % 10);
              String value = "caller-" + index + "-value-" + round;
              assertThat(connection.execute(bytes("SET"), bytes(key), bytes(value)))
                  .isEqualTo(Reply.SimpleStringReply.OK);
              assertThat(text(connection.execute(bytes("GET"), bytes(key)))).isEqualTo(value);
              matched++;
            }
            return matched;
          }));
        }
        for (Future<Integer> result : results) {
          assertThat(result.get(BOUND_SECONDS, TimeUnit.SECONDS)).isEqualTo(rounds);
        }
      } finally {
        threads.shutdownNow();
      }
    }
  }

  @Test
  void aLoneCallerReadsEveryReplyItselfAndLeavesTheLoopAfterEach() {
    try (CallerDrivenConnection connection = connect(false)) {
      for (int round = 0; round < 1_000; round++) {
        assertThat(text(connection.execute(bytes("ECHO"), bytes("round-" + round)))).isEqualTo("round-" + round);
        assertThat(connection.driver()).isNotEqualTo(Thread.currentThread());
      }
      assertThat(connection.repliesReadForOtherThreads()).isZero();
    }
  }

  @Test
  void theBackgroundDriverTakesTheLoopWhenNoCallerDrivesAndGivesItBackToTheNextCaller() {
    try (CallerDrivenConnection connection = connect(false)) {
      assertThat(text(connection.execute(bytes("ECHO"), bytes("before")))).isEqualTo("before");
      awaitBounded("the background driver holds the loop", () -> connection.driver() == connection.backgroundDriver());

      assertThat(text(connection.execute(bytes("ECHO"), bytes("after")))).isEqualTo("after");
      awaitBounded("the background driver holds the loop", () -> connection.driver() == connection.backgroundDriver());
    }
  }

  @Test
  void theBackgroundDriverReadsTheSocketWhileNoCallerDrives() {
    try (CallerDrivenConnection connection = connect(false)) {
      long clientId = ((Reply.IntegerReply) connection.execute(bytes("CLIENT"), bytes("ID"))).value();
      awaitBounded("the background driver holds the loop", () -> connection.driver() == connection.backgroundDriver());

      redis.server().call("CLIENT", "KILL", "ID", Long.toString(clientId));

      // Only a thread running the loop can see the server close the socket: no caller is driving now.
      awaitBounded("the connection saw the server close it", () -> !connection.isOpen());
      assertThatThrownBy(() -> connection.execute(bytes("PING"))).hasMessageContaining("connection closed");
    }
  }

  private static CallerDrivenConnection connect(boolean wakeDriverOnQueue) {
    RedisServer server = redis.server();
    return CallerDrivenConnection.connect(server.host(), server.port(), wakeDriverOnQueue);
  }

  /** The testkit's bounded wait (it polls the condition; fails naming it after the bound). */
  private static void awaitBounded(String what, BooleanSupplier condition) {
    Conditions.await(what, condition, Duration.ofSeconds(BOUND_SECONDS));
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  private static String text(Reply reply) {
    return ((Reply.BulkStringReply) reply).asUtf8();
  }
}
