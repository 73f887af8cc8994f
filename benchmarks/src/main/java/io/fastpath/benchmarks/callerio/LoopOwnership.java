package io.fastpath.benchmarks.callerio;

import io.netty.channel.ManualIoEventLoop;
import java.lang.reflect.Field;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Moves a {@link ManualIoEventLoop} from one driving thread to the next.
 *
 * <p>Netty 4.2's public API sets the owning thread once ({@code setOwningThread} throws when it is already set) and
 * checks it on every {@code run}; leader/follower needs a new owner at every hand-off. The IoHandlers allow it
 * ({@code IoHandlerFactory.isChangingThreadSupported()} is true for epoll and NIO), so this prototype sets the
 * loop's private {@code owningThread} reference by reflection (the benchmarks run on the class path, where that is
 * allowed). An integration would own an {@code IoEventLoop} of its own instead (see the package notes).
 */
final class LoopOwnership {

  private final AtomicReference<Thread> owningThread;

  private LoopOwnership(AtomicReference<Thread> owningThread) {
    this.owningThread = owningThread;
  }

  @SuppressWarnings("unchecked")
  static LoopOwnership of(ManualIoEventLoop loop) {
    try {
      Field field = ManualIoEventLoop.class.getDeclaredField("owningThread");
      field.setAccessible(true);
      return new LoopOwnership((AtomicReference<Thread>) field.get(loop));
    } catch (ReflectiveOperationException | RuntimeException e) {
      throw new IllegalStateException("this Netty's ManualIoEventLoop has no owningThread reference to move", e);
    }
  }

  /**
   * Makes {@code thread} the one allowed to run the loop, or nobody when null (a free loop must have no owner: an
   * owner's {@code wakeup()} is skipped as coming from inside the loop).
   */
  void moveTo(Thread thread) {
    owningThread.set(thread);
  }
}
