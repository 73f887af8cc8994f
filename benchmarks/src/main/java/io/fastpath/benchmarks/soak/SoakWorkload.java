package io.fastpath.benchmarks.soak;

import io.fastpath.RedisBackpressureException;
import io.fastpath.RedisClient;
import io.fastpath.RedisNotSentException;
import io.fastpath.RedisOutcomeUnknownException;
import io.fastpath.RedisServerException;
import io.fastpath.RedisTimeoutException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

/**
 * The soak's callers and their oracle. Each caller owns its keys and keeps up to {@code window} async
 * commands in flight: GET (40%), SET (30%), INCRBY (15%), MGET of two keys on different slots (15%).
 * Every value is tagged with its caller and key, and every INCRBY of a caller adds that caller's own step,
 * so a reply that belongs to another caller cannot pass the check. Each future counts its completions;
 * one not completed within the grace after its deadline counts as never completed.
 */
final class SoakWorkload {
  private static final int KEYS_PER_CALLER = 200;
  private static final long STEP_BASE = 1_000_000;

  final AtomicLong issued = new AtomicLong();
  final AtomicLong succeeded = new AtomicLong();
  final AtomicLong wrong = new AtomicLong();
  final AtomicLong completedTwice = new AtomicLong();
  final AtomicLong neverCompleted = new AtomicLong();
  final AtomicLong notSent = new AtomicLong();
  final AtomicLong outcomeUnknown = new AtomicLong();
  final AtomicLong timedOut = new AtomicLong();
  final AtomicLong backpressure = new AtomicLong();
  /** Any other failure, by exception type and server error code. */
  final Map<String, AtomicLong> otherFailures = new ConcurrentHashMap<>();
  final ConcurrentLinkedQueue<String> wrongExamples = new ConcurrentLinkedQueue<>();
  /** Completions counted by callbacks: must equal issued minus never completed at the end. */
  final AtomicLong completions = new AtomicLong();

  private final RedisClient redis;
  private final long totalOps;
  private final int window;
  private final long neverAfterMillis;
  private final AtomicLong tickets = new AtomicLong();
  private final List<Thread> callers = new ArrayList<>();
  /** The fault whose window is open; callers charge disturbed commands to it. */
  volatile FaultWindow currentFault;

  SoakWorkload(RedisClient redis, int callerCount, int window, long totalOps, long neverAfterMillis) {
    this.redis = redis;
    this.totalOps = totalOps;
    this.window = window;
    this.neverAfterMillis = neverAfterMillis;
    for (int caller = 0; caller < callerCount; caller++) {
      int id = caller;
      Thread thread = new Thread(() -> run(id), "soak-caller-" + caller);
      thread.setDaemon(true);
      callers.add(thread);
    }
  }

  void start() {
    callers.forEach(Thread::start);
  }

  boolean finished() {
    for (Thread caller : callers) {
      if (caller.isAlive()) {
        return false;
      }
    }
    return true;
  }

  void awaitFinished() throws InterruptedException {
    for (Thread caller : callers) {
      caller.join();
    }
  }

  private static String key(int caller, int index) {
    return "soak:c" + caller + ":k" + index;
  }

  private static boolean ownValue(String read, int caller, int index) {
    return read == null || read.startsWith("c" + caller + ":k" + index + ":");
  }

  private void run(int caller) {
    ArrayDeque<CompletableFuture<?>> inFlight = new ArrayDeque<>();
    long step = STEP_BASE + caller;
    String counter = "soak:c" + caller + ":counter";
    long sequence = 0;
    ThreadLocalRandom random = ThreadLocalRandom.current();
    while (tickets.getAndIncrement() < totalOps) {
      if (inFlight.size() >= window) {
        await(inFlight.poll());
      }
      int index = random.nextInt(KEYS_PER_CALLER);
      String key = key(caller, index);
      int dice = random.nextInt(100);
      if (dice < 40) {
        inFlight.add(track(redis.async().get(key),
            read -> ownValue(read, caller, index) ? null : "GET " + key + " read " + read));
      } else if (dice < 70) {
        String value = "c" + caller + ":k" + index + ":" + sequence++;
        inFlight.add(track(redis.async().set(key, value),
            ok -> Boolean.TRUE.equals(ok) ? null : "SET " + key + " answered " + ok));
      } else if (dice < 85) {
        inFlight.add(track(redis.async().incrBy(counter, step),
            total -> total != null && total % step == 0 ? null : "INCRBY " + counter + " by " + step + " answered " + total));
      } else {
        int other = (index + 1 + random.nextInt(KEYS_PER_CALLER - 1)) % KEYS_PER_CALLER;
        String otherKey = key(caller, other);
        inFlight.add(track(redis.async().mget(key, otherKey), values ->
            values.size() == 2 && ownValue(values.get(0), caller, index) && ownValue(values.get(1), caller, other)
                ? null : "MGET " + key + ", " + otherKey + " read " + values));
      }
    }
    while (!inFlight.isEmpty()) {
      await(inFlight.poll());
    }
  }

  private <T> CompletableFuture<T> track(CompletableFuture<T> future, Function<T, String> check) {
    issued.incrementAndGet();
    long start = System.nanoTime();
    FaultWindow fault = currentFault;
    AtomicInteger seen = new AtomicInteger();
    future.whenComplete((reply, failure) -> {
      if (seen.incrementAndGet() != 1) {
        completedTwice.incrementAndGet();
        return;
      }
      completions.incrementAndGet();
      long end = System.nanoTime();
      boolean failed = failure != null;
      if (failed) {
        count(failure instanceof CompletionException ? failure.getCause() : failure);
      } else {
        String problem = check.apply(reply);
        if (problem == null) {
          succeeded.incrementAndGet();
        } else {
          wrong.incrementAndGet();
          if (wrongExamples.size() < 20) {
            wrongExamples.add(problem);
          }
        }
      }
      FaultWindow now = currentFault;
      FaultWindow charged = now != null ? now : fault;
      if (charged != null && (failed || end - start > FaultWindow.DISTURBED_NANOS)) {
        charged.recordDisturbed(failed, end);
      }
    });
    return future;
  }

  private void await(CompletableFuture<?> future) {
    try {
      future.get(neverAfterMillis, TimeUnit.MILLISECONDS);
    } catch (ExecutionException failedAndCounted) {
      // Counted by the completion callback.
    } catch (TimeoutException never) {
      neverCompleted.incrementAndGet();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void count(Throwable failure) {
    if (failure instanceof RedisNotSentException) {
      notSent.incrementAndGet();
    } else if (failure instanceof RedisOutcomeUnknownException) {
      outcomeUnknown.incrementAndGet();
    } else if (failure instanceof RedisTimeoutException) {
      timedOut.incrementAndGet();
    } else if (failure instanceof RedisBackpressureException) {
      backpressure.incrementAndGet();
    } else {
      String type = failure.getClass().getSimpleName()
          + (failure instanceof RedisServerException server ? " " + server.code() : "");
      otherFailures.computeIfAbsent(type, ignored -> new AtomicLong()).incrementAndGet();
    }
  }
}
