package io.fastpath.benchmarks.scale;

import io.fastpath.benchmarks.BenchContext;

/** Heap in use, read after full collections so that only what is still referenced counts. */
final class HeapUse {

  private HeapUse() {}

  static long afterCollection() {
    BenchContext.collectGarbage();
    BenchContext.collectGarbage(); // a second pass frees what the first one's reference processing released
    Runtime runtime = Runtime.getRuntime();
    return runtime.totalMemory() - runtime.freeMemory();
  }
}
