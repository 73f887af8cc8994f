package io.fastpath.soak;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The chaos loop of a soak: until the workload ends, one fault after another from a fixed rotation, each followed
 * by a quiet period so its effects are measured in its own {@link FaultWindow}. Subclasses name the faults and
 * inject them on their deployment (a cluster, or a Sentinel-watched primary with its replicas).
 */
abstract class ChaosLoop {
  final List<FaultWindow> windows = new CopyOnWriteArrayList<>();
  final List<String> actionFailures = new CopyOnWriteArrayList<>();
  final SoakWorkload workload;
  private final Duration quiet;

  ChaosLoop(SoakWorkload workload, Duration quiet) {
    this.workload = workload;
    this.quiet = quiet;
  }

  /** The faults in rotation order. */
  abstract List<String> faults();

  /** Picks the fault's target and names it (e.g. {@code :port}) before the fault's window opens. */
  abstract String target(int fault);

  /** Runs one fault on the target {@link #target} picked; returns once the deployment has settled again. */
  abstract void inject(int fault) throws InterruptedException;

  /** Runs faults in rotation until the workload has finished. */
  void run() throws InterruptedException {
    Thread.sleep(quiet.toMillis());
    for (int i = 0; !workload.finished(); i++) {
      int fault = i % faults().size();
      FaultWindow window = new FaultWindow(faults().get(fault), target(fault), System.nanoTime());
      System.out.println("soak: fault " + (i + 1) + ", " + window.fault + " on " + window.target);
      workload.currentFault = window;
      windows.add(window);
      try {
        inject(fault);
      } catch (RuntimeException failed) {
        actionFailures.add(window.fault + " on " + window.target + ": " + failed.getMessage());
      }
      window.actionDoneNanos = System.nanoTime();
      sleepUnlessFinished(quiet);
    }
    workload.currentFault = null;
  }

  /** A kill -9: what the victim acknowledged may not have reached a replica, so freshness is not checked across it. */
  void losingWrites(Action kill) throws InterruptedException {
    workload.freshness.epoch.incrementAndGet();
    try {
      kill.run();
    } finally {
      workload.freshness.epoch.incrementAndGet(); // the restarted node rejoined as a replica
    }
  }

  interface Action {
    void run() throws InterruptedException;
  }

  private void sleepUnlessFinished(Duration duration) throws InterruptedException {
    long until = System.nanoTime() + duration.toNanos();
    while (System.nanoTime() < until && !workload.finished()) {
      Thread.sleep(50);
    }
  }
}
