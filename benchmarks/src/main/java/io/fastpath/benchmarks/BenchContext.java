package io.fastpath.benchmarks;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * What every scenario shares: the options, the one server, and the run's notes; and the one way to
 * use a client, which prepares the data, collects garbage, creates the client, runs the body,
 * shuts the client down and checks that its threads stopped.
 */
public final class BenchContext {

  private final BenchOptions options;
  private final BenchServer server;
  private final List<String> notes = new ArrayList<>();

  public BenchContext(BenchOptions options, BenchServer server) {
    this.options = options;
    this.server = server;
  }

  public BenchOptions options() {
    return options;
  }

  public BenchServer server() {
    return server;
  }

  public List<String> notes() {
    return notes;
  }

  public void note(String note) {
    if (!notes.contains(note)) {
      notes.add(note);
    }
    System.out.println("  note: " + note);
  }

  /** FLUSHALL, then whatever preloading the scenario needs, over a connection of no client's. */
  public void prepareServer(Consumer<ServerAdmin> preload) {
    try (ServerAdmin admin = server.admin()) {
      admin.flushAll();
      preload.accept(admin);
    }
  }

  public long databaseSize() {
    try (ServerAdmin admin = server.admin()) {
      return admin.databaseSize();
    }
  }

  /**
   * Runs the body with a fresh client and shuts the client down afterwards; a client that fails to
   * start or run yields an error row instead of ending the whole run.
   */
  public Row withClient(String name, Function<BenchClient, Row> body) {
    return withClient(name, () -> BenchClients.create(name, server), BenchClient::label, body);
  }

  /**
   * The same for any kind of client: {@code create} starts it, {@code label} names its row, and
   * {@code close()} must stop every thread it started.
   */
  public <C extends AutoCloseable> Row withClient(
      String name, Supplier<C> create, Function<C, String> label, Function<C, Row> body) {
    Set<Thread> threadsBefore = ThreadWatch.liveThreads();
    collectGarbage();
    C client;
    try {
      client = create.get();
    } catch (RuntimeException | LinkageError e) {
      note(name + " could not start: " + LoopResult.describe(e));
      return new Row(name).text("error", "could not start: " + LoopResult.describe(e));
    }
    String clientLabel = label.apply(client);
    try {
      System.out.println("  " + clientLabel);
      return body.apply(client);
    } catch (RuntimeException e) {
      note(clientLabel + " failed: " + LoopResult.describe(e));
      return new Row(clientLabel).text("error", LoopResult.describe(e));
    } finally {
      try {
        client.close();
      } catch (Exception e) {
        note(clientLabel + " failed to close: " + LoopResult.describe(e));
      }
      List<String> lingering = ThreadWatch.awaitStopped(threadsBefore);
      if (!lingering.isEmpty()) {
        note(clientLabel + " left threads running after close: " + lingering);
      }
    }
  }

  /** Asks for a full collection and gives it a moment, so one run's garbage is not the next's. */
  public static void collectGarbage() {
    System.gc();
    try {
      Thread.sleep(200);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
