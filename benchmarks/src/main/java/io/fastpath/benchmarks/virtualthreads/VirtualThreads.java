package io.fastpath.benchmarks.virtualthreads;

import java.util.concurrent.ThreadFactory;

/**
 * Virtual threads for a module compiled at Java 17: {@code Thread.ofVirtual().factory()} looked up reflectively,
 * so the same class file runs the scenario on JDK 21 or newer and says why it cannot on older ones.
 */
public final class VirtualThreads {

  /** The first feature release with final virtual threads (JEP 444). */
  static final int FIRST_RUNTIME = 21;

  private VirtualThreads() {}

  /** Whether this JVM has virtual threads. */
  public static boolean available() {
    return Runtime.version().feature() >= FIRST_RUNTIME;
  }

  /** Why the scenario cannot run here, for its rows and notes; null when it can. */
  public static String unavailableReason() {
    return available() ? null
        : "virtual threads need JDK " + FIRST_RUNTIME + " or newer, this run has " + Runtime.version().feature()
            + " (BENCH_JAVA=/path/to/jdk-21+/bin/java scripts/bench ...)";
  }

  /** A factory of unstarted virtual threads named {@code prefix0}, {@code prefix1}, ... */
  public static ThreadFactory factory(String prefix) {
    if (!available()) {
      throw new UnsupportedOperationException(unavailableReason());
    }
    try {
      Object builder = Thread.class.getMethod("ofVirtual").invoke(null);
      Class<?> ofVirtual = Class.forName("java.lang.Thread$Builder$OfVirtual");
      builder = ofVirtual.getMethod("name", String.class, long.class).invoke(builder, prefix, 0L);
      return (ThreadFactory) Class.forName("java.lang.Thread$Builder").getMethod("factory").invoke(builder);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("Thread.ofVirtual() is not usable on JDK " + Runtime.version(), e);
    }
  }

  /** Whether the thread is virtual ({@code Thread.isVirtual()}, false before JDK 21). */
  public static boolean isVirtual(Thread thread) {
    if (!available()) {
      return false;
    }
    try {
      return (boolean) Thread.class.getMethod("isVirtual").invoke(thread);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(e);
    }
  }
}
