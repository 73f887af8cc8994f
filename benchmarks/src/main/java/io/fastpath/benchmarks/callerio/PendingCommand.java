package io.fastpath.benchmarks.callerio;

import io.fastpath.command.Reply;
import java.util.concurrent.locks.LockSupport;

/**
 * One blocking caller's command: its encoded bytes, the caller to wake, and its reply once read.
 *
 * <p>The caller waits on {@link #isDone()}; the driving thread completes it and wakes the caller unless the caller is
 * the driving thread itself (a leader reading its own reply wakes nobody).
 */
final class PendingCommand {

  final byte[] encoded;
  /** The thread blocked on this command: woken when its reply is read or when the loop is handed to it. */
  final Thread caller;

  // Driving thread writes these before setting done; the caller reads them after it sees done.
  private Reply reply;
  private RuntimeException failure;
  // Any thread: set once by the driving thread.
  private volatile boolean done;

  PendingCommand(byte[] encoded, Thread caller) {
    this.encoded = encoded;
    this.caller = caller;
  }

  boolean isDone() {
    return done;
  }

  /** Driving thread only. */
  void complete(Reply reply) {
    this.reply = reply;
    finish();
  }

  /** Driving thread only. */
  void fail(RuntimeException failure) {
    this.failure = failure;
    finish();
  }

  private void finish() {
    done = true;
    if (caller != Thread.currentThread()) {
      LockSupport.unpark(caller);
    }
  }

  /** The reply, or the failure thrown; only after {@link #isDone()}. */
  Reply reply() {
    if (failure != null) {
      throw failure;
    }
    return reply;
  }
}
