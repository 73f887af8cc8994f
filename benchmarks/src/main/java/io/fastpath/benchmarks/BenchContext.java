package io.fastpath.benchmarks;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;

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
    Set<Thread> threadsBefore = ThreadWatch.liveThreads();
    collectGarbage();
    BenchClient client;
    try {
      client = BenchClients.create(name, server);
    } catch (RuntimeException | LinkageError e) {
      note(name + " could not start: " + LoopResult.describe(e));
      return new Row(name).text("error", "could not start: " + LoopResult.describe(e));
    }
    try {
      System.out.println("  " + client.label());
      return body.apply(client);
    } catch (RuntimeException e) {
      note(client.label() + " failed: " + LoopResult.describe(e));
      return new Row(client.label()).text("error", LoopResult.describe(e));
    } finally {
      try {
        client.close();
      } catch (RuntimeException e) {
        note(client.label() + " failed to close: " + LoopResult.describe(e));
      }
      List<String> lingering = ThreadWatch.awaitStopped(threadsBefore);
      if (!lingering.isEmpty()) {
        note(client.label() + " left threads running after close: " + lingering);
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
