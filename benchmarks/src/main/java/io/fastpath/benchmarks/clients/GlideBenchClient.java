package io.fastpath.benchmarks.clients;

import glide.api.BaseClient;
import glide.api.GlideClient;
import glide.api.GlideClusterClient;
import glide.api.models.Batch;
import glide.api.models.ClusterBatch;
import glide.api.models.GlideString;
import glide.api.models.configuration.AdvancedGlideClusterClientConfiguration;
import glide.api.models.configuration.GlideClientConfiguration;
import glide.api.models.configuration.GlideClusterClientConfiguration;
import glide.api.models.configuration.NodeAddress;
import glide.api.models.configuration.PeriodicChecksManualInterval;
import io.fastpath.benchmarks.BenchClient;
import io.fastpath.benchmarks.ClusterClient;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BiFunction;

/**
 * Valkey GLIDE 2.3's Java client as its documentation sets it up: one {@link GlideClient} (one multiplexed
 * connection) or one {@link GlideClusterClient} shared by every caller, with GLIDE's defaults (request timeout
 * 250 ms, at most 1,000 requests in flight per client). Its API is asynchronous only, so a blocking caller waits
 * on the returned future, as GLIDE's examples do.
 *
 * <p>Bulk mode: a non-atomic {@link Batch} ({@link ClusterBatch} on a cluster, which GLIDE splits per node) of
 * {@code batchSize} SETs, executed and awaited one batch at a time.
 */
public final class GlideBenchClient implements BenchClient, ClusterClient {

  /** How long creating the client (connecting, and on a cluster reading the topology) may take. */
  private static final long CREATE_TIMEOUT_SECONDS = 30;

  private final BaseClient client;
  private final String label;
  /** Executes one non-atomic batch of SETs of the keys to the value, raising on the first error. */
  private final BiFunction<List<String>, String, CompletableFuture<Object[]>> setBatch;

  private GlideBenchClient(BaseClient client, String label,
      BiFunction<List<String>, String, CompletableFuture<Object[]>> setBatch) {
    this.client = client;
    this.label = label;
    this.setBatch = setBatch;
  }

  /** {@code GlideClient.createClient} with one server's address and every other setting GLIDE's default. */
  public static GlideBenchClient standalone(String host, int port) {
    GlideClient client = created(GlideClient.createClient(GlideClientConfiguration.builder()
        .address(NodeAddress.builder().host(host).port(port).build()).build()));
    return new GlideBenchClient(client, "glide (GlideClient, defaults)", (keys, value) -> {
      Batch batch = new Batch(false);
      keys.forEach(key -> batch.set(key, value));
      return client.exec(batch, true);
    });
  }

  /** {@code GlideClusterClient.createClient} with any one node's address; GLIDE discovers the others. */
  public static GlideBenchClient cluster(String host, int port) {
    return cluster(host, port, null);
  }

  /**
   * The same with GLIDE's periodic topology check every {@code periodicCheckSeconds} (null: GLIDE's default, 60 s),
   * for scenario (m)'s refresh-cost window.
   */
  public static GlideBenchClient cluster(String host, int port, Integer periodicCheckSeconds) {
    GlideClusterClientConfiguration.GlideClusterClientConfigurationBuilder<?, ?> configuration =
        GlideClusterClientConfiguration.builder().address(NodeAddress.builder().host(host).port(port).build());
    if (periodicCheckSeconds != null) {
      configuration.advancedConfiguration(AdvancedGlideClusterClientConfiguration.builder()
          .periodicChecks(PeriodicChecksManualInterval.builder().durationInSec(periodicCheckSeconds).build()).build());
    }
    GlideClusterClient client = created(GlideClusterClient.createClient(configuration.build()));
    return new GlideBenchClient(client, "glide (GlideClusterClient, defaults)", (keys, value) -> {
      ClusterBatch batch = new ClusterBatch(false);
      keys.forEach(key -> batch.set(key, value));
      return client.exec(batch, true);
    });
  }

  @Override
  public String label() {
    return label;
  }

  @Override
  public String get(String key) {
    return await(client.get(key));
  }

  @Override
  public void set(String key, String value) {
    await(client.set(key, value));
  }

  @Override
  public byte[] get(byte[] key) {
    GlideString value = await(client.get(GlideString.of(key)));
    return value == null ? null : value.getBytes();
  }

  @Override
  public void set(byte[] key, byte[] value) {
    await(client.set(GlideString.of(key), GlideString.of(value)));
  }

  @Override
  public CompletableFuture<String> getAsync(String key) {
    return client.get(key);
  }

  @Override
  public CompletableFuture<?> setAsync(String key, String value) {
    return client.set(key, value);
  }

  @Override
  public String bulkMode() {
    return "non-atomic Batch (pipeline) per batch, exec(batch, true)";
  }

  @Override
  public void bulkSet(List<String> keys, String value, int batchSize) {
    for (int from = 0; from < keys.size(); from += batchSize) {
      List<String> batch = keys.subList(from, Math.min(keys.size(), from + batchSize));
      Object[] replies = await(setBatch.apply(batch, value));
      if (replies == null || replies.length != batch.size()) {
        throw new IllegalStateException("GLIDE batch of " + batch.size() + " SETs returned "
            + (replies == null ? "null" : replies.length + " replies"));
      }
    }
  }

  @Override
  public void close() {
    try {
      client.close();
    } catch (ExecutionException e) {
      throw new IllegalStateException("GLIDE client failed to close", e.getCause());
    }
  }

  /** The future's value; its failure rethrown with GLIDE's exception (timeout, request, closing...) as the cause. */
  private static <T> T await(CompletableFuture<T> reply) {
    try {
      return reply.get();
    } catch (ExecutionException e) {
      throw new GlideCallException(e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new GlideCallException(e);
    }
  }

  /**
   * The new client, waited for at most {@link #CREATE_TIMEOUT_SECONDS} (a timed get: {@code orTimeout} would start
   * the JDK's delay thread, which the report would then list as left running by GLIDE).
   */
  private static <T> T created(CompletableFuture<T> client) {
    try {
      return client.get(CREATE_TIMEOUT_SECONDS, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      throw new GlideCallException(e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new GlideCallException(e);
    } catch (TimeoutException e) {
      throw new GlideCallException(e);
    }
  }

  /** A GLIDE call that failed; its cause is what GLIDE (or the wait) raised, for the report's error classes. */
  public static final class GlideCallException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    GlideCallException(Throwable cause) {
      super(cause.getClass().getSimpleName() + ": " + cause.getMessage(), cause);
    }
  }
}
