package io.fastpath.benchmarks.cluster;

import io.fastpath.benchmarks.BenchClients;
import io.fastpath.benchmarks.BenchContext;
import io.fastpath.benchmarks.CpuClock;
import io.fastpath.benchmarks.Format;
import io.fastpath.benchmarks.Keyspace;
import io.fastpath.benchmarks.LoopResult;
import io.fastpath.benchmarks.Row;
import io.fastpath.benchmarks.Scenario;
import io.fastpath.benchmarks.Table;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.VertxOptions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.HdrHistogram.Histogram;

/**
 * (j) Seed 000's job run from Vert.x verticles: one verticle per event loop, {@value #CHAINS} request chains in all
 * doing cluster GETs of random keys, each chain sending its next GET when the last reply arrives on its event loop.
 * Fastpath through fastpath-vertx, vertx-redis-client pooled with every default (the seed's starting point), and
 * vertx-redis-client with one cluster connection held per event loop (the seed's fix). Targets: zero errors,
 * at least 1.5x the held connection's throughput, a lower p99.
 */
public final class VerticleChainsScenario implements Scenario {

  static final int CHAINS = 64;
  static final String FASTPATH_VERTX = "fastpath-vertx";
  static final String POOLED = "vertx-pooled-defaults";
  static final String HELD = "vertx-held";
  private static final int KEY_COUNT = ClusterScenario.KEY_COUNT;
  private static final List<String> KEYS = Keyspace.keys("key:", KEY_COUNT);
  /** Beyond the window, how long a chain may wait for its last reply before the row reports it stalled. */
  private static final Duration STALL_LIMIT = Duration.ofSeconds(10);

  private final int primaries;

  public VerticleChainsScenario(int primaries) {
    this.primaries = primaries;
  }

  @Override
  public String id() {
    return "j";
  }

  @Override
  public String title() {
    return "(j) Cluster of " + primaries + " primaries from Vert.x verticles: " + CHAINS
        + " request chains of GETs on " + eventLoops() + " event loops";
  }

  private static int eventLoops() {
    return VertxOptions.DEFAULT_EVENT_LOOP_POOL_SIZE;
  }

  @Override
  public List<Row> runRound(BenchContext context, List<String> clients) {
    List<String> rows = new ArrayList<>();
    if (clients.contains(BenchClients.FASTPATH)) {
      rows.add(FASTPATH_VERTX);
    }
    if (clients.contains(BenchClients.VERTX)) {
      rows.addAll(List.of(POOLED, HELD));
    }
    System.out.println("  starting a cluster of " + primaries + " primaries");
    try (BenchCluster cluster = BenchCluster.start(primaries)) {
      String seedUri = "redis://" + cluster.seed().host() + ":" + cluster.seed().port();
      List<Row> results = new ArrayList<>();
      for (String name : rows) {
        cluster.flushAndPreload(KEYS, Keyspace.SMALL_VALUE_BYTES);
        results.add(context.withClient(name, () -> create(name, seedUri), VerticleGets::label,
            client -> measure(context, client)));
      }
      return results;
    }
  }

  private static VerticleGets create(String name, String seedUri) {
    return switch (name) {
      case FASTPATH_VERTX -> new FastpathVerticleGets(seedUri);
      case POOLED -> new VertxPooledVerticleGets(seedUri);
      case HELD -> new VertxHeldVerticleGets(seedUri);
      default -> throw new IllegalArgumentException("unknown client " + name);
    };
  }

  private static Row measure(BenchContext context, VerticleGets client) {
    Duration warmup = context.options().warmup;
    Duration window = context.options().duration;
    long start = System.nanoTime();
    long measureFrom = start + warmup.toNanos();
    long measureUntil = measureFrom + window.toNanos();
    List<ChainVerticle> verticles = new ArrayList<>();
    for (int i = 0; i < eventLoops(); i++) {
      int chains = CHAINS / eventLoops() + (i < CHAINS % eventLoops() ? 1 : 0);
      ChainVerticle verticle = new ChainVerticle(client, KEYS, chains, measureFrom, measureUntil);
      verticles.add(verticle);
      VertxReplies.await(client.vertx().deployVerticle(verticle, new DeploymentOptions()));
    }
    sleepUntil(measureFrom);
    long cpuBefore = CpuClock.processCpuNanos();
    sleepUntil(measureUntil);
    long cpuAfter = CpuClock.processCpuNanos();
    Histogram latencies = new Histogram(3);
    long errors = 0;
    int stalled = 0;
    Throwable firstError = null;
    for (ChainVerticle verticle : verticles) {
      try {
        verticle.finished().toCompletionStage().toCompletableFuture().get(STALL_LIMIT.toMillis(), TimeUnit.MILLISECONDS);
      } catch (TimeoutException e) {
        stalled += verticle.running.get(); // chains whose reply never came: the row says so
      } catch (Exception e) {
        throw new IllegalStateException("verticle failed", e);
      }
      latencies.add(verticle.latencyNanos);
      errors += verticle.errors;
      firstError = firstError != null ? firstError : verticle.firstError;
    }
    long operations = latencies.getTotalCount();
    LoopResult result = new LoopResult(operations, errors + stalled, latencies, window.toNanos(), cpuAfter - cpuBefore, 0,
        firstError != null ? firstError : stalled > 0 ? new IllegalStateException(stalled + " chains never got a reply") : null);
    return result.addTo(new Row(client.label()), "");
  }

  private static void sleepUntil(long nanoTime) {
    long left = nanoTime - System.nanoTime();
    if (left > 0) {
      try {
        Thread.sleep(TimeUnit.NANOSECONDS.toMillis(left) + 1); // pacing: the verticles run the window on their own
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted", e);
      }
    }
  }

  @Override
  public Table table(List<Row> rows, BenchContext context) {
    Row held = rows.stream().filter(row -> row.label().startsWith("vertx-redis-client (held")).findFirst().orElse(null);
    double heldOps = held == null ? Double.NaN : held.metric("ops");
    double heldP99 = held == null ? Double.NaN : held.metric("p99");
    Table table = new Table(title(), List.of("client", "ops/s", "ops/s vs held", "p50 us", "p99 us", "p99 vs held",
        "p99.9 us", "CPU us/op", "errors"));
    for (Row row : rows) {
      table.row(List.of(row.label(), Format.count(row.metric("ops")), Format.ratio(row.metric("ops"), heldOps),
          Format.micros(row.metric("p50")), Format.micros(row.metric("p99")), Format.ratio(row.metric("p99"), heldP99),
          Format.micros(row.metric("p999")), Format.micros(row.metric("cpu")), Format.errors(row)));
    }
    return table
        .note("GETs of random keys among " + Format.count(KEY_COUNT) + " preloaded 64-byte values on every primary;"
            + " each client is given one node's address. One Vert.x instance per client (default options), one verticle"
            + " per event loop, " + CHAINS + " chains spread over them; latency from a GET's send to its reply on the"
            + " chain's event loop.")
        .note("Targets (issue 16): zero errors, ops/s at least 1.5x the held connection's, a lower p99.")
        .note(Format.window(context.options()));
  }
}
