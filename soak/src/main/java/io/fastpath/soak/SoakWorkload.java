package io.fastpath.soak;

import io.fastpath.RedisBackpressureException;
import io.fastpath.RedisClient;
import io.fastpath.RedisNotSentException;
import io.fastpath.RedisOutcomeUnknownException;
import io.fastpath.RedisServerException;
import io.fastpath.RedisTimeoutException;
import io.fastpath.Subscription;
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
import java.util.function.Supplier;

/**
 * The soak's callers and their oracle. Each caller owns its keys and keeps up to {@code window} async
 * commands in flight (the first {@code blockingCallers} callers use the blocking API instead, one command at
 * a time): GET (40%), SET (30%), INCRBY (15%), MGET of two keys on different slots (15%), each through a
 * client picked at random when there are two. Every value is tagged with its caller, key and sequence, and
 * every INCRBY of a caller adds that caller's own step, so a reply that belongs to another caller cannot pass
 * the check, and {@link Freshness} checks that no read goes back before an acknowledged write. Each future
 * counts its completions; one not completed within the grace after its deadline counts as never completed.
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

  final Freshness freshness;
  /** Null unless {@code --pubsub on}. */
  final PubSubOracle pubSub;
  /** Shard channels (SSUBSCRIBE/SPUBLISH) on a cluster, plain ones (SUBSCRIBE/PUBLISH) otherwise. */
  private final boolean shardChannels;
  private final List<RedisClient> clients;
  private final int blockingCallers;
  private final long totalOps;
  private final int window;
  private final long neverAfterMillis;
  private final AtomicLong tickets = new AtomicLong();
  private final List<Thread> callers = new ArrayList<>();
  /** The fault whose window is open; callers charge disturbed commands to it. */
  volatile FaultWindow currentFault;

  SoakWorkload(List<RedisClient> clients, int callerCount, int blockingCallers, int window, long totalOps,
               long neverAfterMillis, long crossClientSlackNanos, boolean pubSub, boolean shardChannels) {
    this.pubSub = pubSub ? new PubSubOracle() : null;
    this.shardChannels = shardChannels;
    this.clients = List.copyOf(clients);
    this.blockingCallers = blockingCallers;
    this.freshness = new Freshness(callerCount, KEYS_PER_CALLER, crossClientSlackNanos, this::faultNote);
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
    boolean blocking = caller < blockingCallers;
    int limit = blocking ? 1 : window;
    long step = STEP_BASE + caller;
    String counter = "soak:c" + caller + ":counter";
    long sequence = 0;
    ThreadLocalRandom random = ThreadLocalRandom.current();
    Subscription subscription = blocking && pubSub != null ? subscribe(caller) : null;
    long published = 0;
    while (tickets.getAndIncrement() < totalOps) {
      if (inFlight.size() >= limit) {
        await(inFlight.poll());
      }
      int index = random.nextInt(KEYS_PER_CALLER);
      String key = key(caller, index);
      int clientIndex = random.nextInt(clients.size());
      RedisClient client = clients.get(clientIndex);
      if (subscription != null && random.nextInt(20) == 0) { // a blocking caller: one message at a time, in order
        String message = PubSubOracle.message(caller, published++);
        String channel = PubSubOracle.channel(caller);
        inFlight.add(track(call(() -> shardChannels ? client.spublish(channel, message) : client.publish(channel, message)),
            receivers -> { // 0 while the subscription moves: the message is lost, which the oracle allows
              pubSub.published.incrementAndGet();
              return null;
            }));
        continue;
      }
      int dice = random.nextInt(100);
      if (dice >= 40 && dice < 70 && freshness.beginSet(caller, index)) {
        long written = sequence++;
        String value = "c" + caller + ":k" + index + ":" + written;
        long epoch = freshness.epoch.get();
        CompletableFuture<Boolean> set = blocking ? call(() -> client.set(key, value)) : client.async().set(key, value);
        set.whenComplete((ok, failure) ->
            freshness.endSet(caller, index, written, clientIndex, epoch, failure == null && Boolean.TRUE.equals(ok)));
        inFlight.add(track(set, ok -> Boolean.TRUE.equals(ok) ? null : "SET " + key + " answered " + ok));
      } else if (dice < 70) { // a GET, also when the SET drawn would overlap one of the same key
        Freshness.Ack floor = freshness.floor(caller, index);
        long issued = System.nanoTime();
        CompletableFuture<String> get = blocking ? call(() -> client.get(key)) : client.async().get(key);
        inFlight.add(track(get, read -> {
          if (!ownValue(read, caller, index)) {
            return "GET " + key + " read " + read;
          }
          freshness.checkRead("GET " + key, floor, read, clientIndex, issued);
          return null;
        }));
      } else if (dice < 85) {
        CompletableFuture<Long> increment = blocking ? call(() -> client.incrBy(counter, step))
            : client.async().incrBy(counter, step);
        inFlight.add(track(increment,
            total -> total != null && total % step == 0 ? null : "INCRBY " + counter + " by " + step + " answered " + total));
      } else {
        int other = (index + 1 + random.nextInt(KEYS_PER_CALLER - 1)) % KEYS_PER_CALLER;
        String otherKey = key(caller, other);
        Freshness.Ack floor = freshness.floor(caller, index);
        Freshness.Ack otherFloor = freshness.floor(caller, other);
        long issued = System.nanoTime();
        CompletableFuture<List<String>> mget = blocking ? call(() -> client.mget(key, otherKey))
            : client.async().mget(key, otherKey);
        inFlight.add(track(mget, values -> {
          if (values.size() != 2 || !ownValue(values.get(0), caller, index) || !ownValue(values.get(1), caller, other)) {
            return "MGET " + key + ", " + otherKey + " read " + values;
          }
          freshness.checkRead("MGET " + key, floor, values.get(0), clientIndex, issued);
          freshness.checkRead("MGET " + otherKey, otherFloor, values.get(1), clientIndex, issued);
          return null;
        }));
      }
    }
    while (!inFlight.isEmpty()) {
      await(inFlight.poll());
    }
  }

  /** The caller's own channel, on one of the clients; messages go to {@link PubSubOracle#listener}. */
  private Subscription subscribe(int caller) {
    RedisClient client = clients.get(caller % clients.size());
    String channel = PubSubOracle.channel(caller);
    return shardChannels ? client.ssubscribe(pubSub.listener(caller), channel)
        : client.subscribe(pubSub.listener(caller), channel);
  }

  /** A blocking call as an already completed future, so its reply goes through the same checks. */
  private static <T> CompletableFuture<T> call(Supplier<T> blockingCall) {
    try {
      return CompletableFuture.completedFuture(blockingCall.get());
    } catch (RuntimeException failure) {
      return CompletableFuture.failedFuture(failure);
    }
  }

  /** Names the fault whose window is open, for a stale read's example. */
  private String faultNote() {
    FaultWindow fault = currentFault;
    return fault == null ? "" : " (during " + fault.fault + " " + fault.target + ")";
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
