package io.fastpath.benchmarks.callerio;

import io.netty.channel.IoHandlerFactory;
import io.netty.channel.ManualIoEventLoop;
import java.util.function.BooleanSupplier;

/**
 * A {@link ManualIoEventLoop} that does not block in epoll/select while commands wait in the connection's outbox
 * (or it is closing).
 *
 * <p>The IoHandler checks {@link #canBlock()} after announcing that it is about to wait, so a caller that queues a
 * command and then calls {@code wakeup()} is never lost: either the driver sees the command before waiting, or the
 * wake-up interrupts the wait.
 */
final class CallerIoEventLoop extends ManualIoEventLoop {

  private final BooleanSupplier mayWait;

  CallerIoEventLoop(IoHandlerFactory handlers, BooleanSupplier mayWait) {
    super(null, null, handlers);
    this.mayWait = mayWait;
  }

  @Override
  protected boolean canBlock() {
    return mayWait.getAsBoolean();
  }
}
