package io.fastpath.benchmarks.callerio;

import io.fastpath.command.Reply;
import io.fastpath.benchmarks.CallerLoop;
import io.fastpath.internal.protocol.RespEncoder;
import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelOption;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioSocketChannel;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * One connection whose event loop is driven by its blocking callers (leader/follower), prototype of issue 30.
 *
 * <p>A caller that finds the loop free becomes its driver: it writes every queued command (its own and others'), runs
 * the loop until its own reply is read (completing other callers' commands on the way), writes what was queued
 * meanwhile, and hands the loop to the caller whose reply comes next, or frees it. A caller that finds the loop
 * driven queues its command and parks until its reply is read or the loop is handed to it. When no caller has driven
 * for a whole idle period, a background driver thread takes the loop, and gives it back to the first caller that
 * queues a command.
 *
 * <p>GET: caller → {@link #execute} → outbox → driver's {@code flushOutbox} → socket → {@link ReplyReader} → caller.
 *
 * <p>Not handled (prototype): command timeouts, interrupts, a caller dying while it drives, reconnects, pushes,
 * virtual-thread callers (they must never drive).
 */
public final class CallerDrivenConnection implements AutoCloseable {

  /** The loop must stay free this long, twice at most, before the background driver takes it. */
  private static final long BACKGROUND_IDLE_NANOS = TimeUnit.MILLISECONDS.toNanos(5);
  private static final long CONNECT_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(10);
  private static final long CONNECT_POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(10);
  /** Wait of {@code ManualIoEventLoop.run}: 0 blocks until I/O or a wake-up, with no timer to re-arm. */
  private static final long UNTIL_IO = 0;

  private final CallerIoEventLoop loop;
  private final LoopOwnership ownership;
  private final Channel channel;
  private final ReplyReader replyReader;
  /** When true a follower wakes the driving caller to write its command at once, at a wake-up per command. */
  private final boolean wakeDriverOnQueue;
  private final Thread backgroundDriver;

  // Any thread: commands not yet written, in the order callers queued them.
  private final ConcurrentLinkedQueue<PendingCommand> outbox = new ConcurrentLinkedQueue<>();
  // Any thread: the thread driving the loop, null when free. Taken by CAS from null; handed on only by its driver.
  private final AtomicReference<Thread> driver = new AtomicReference<>();
  // Any thread: how often the loop was freed, so the background driver can tell it stayed free a whole idle period.
  private final AtomicLong releases = new AtomicLong();
  private volatile boolean closed;

  // Driving thread only: commands written whose replies are not read yet, oldest first.
  private final ArrayDeque<PendingCommand> inFlight = new ArrayDeque<>();

  private CallerDrivenConnection(String host, int port, boolean wakeDriverOnQueue) {
    this.wakeDriverOnQueue = wakeDriverOnQueue;
    boolean epoll = Epoll.isAvailable();
    this.loop = new CallerIoEventLoop(epoll ? EpollIoHandler.newFactory() : NioIoHandler.newFactory(),
        this::nothingToWrite);
    this.ownership = LoopOwnership.of(loop);
    Thread me = Thread.currentThread();
    driver.set(me);
    ownership.moveTo(me);
    this.replyReader = new ReplyReader(inFlight);
    ChannelFuture connecting = new Bootstrap()
        .group(loop)
        .channel(epoll ? EpollSocketChannel.class : NioSocketChannel.class)
        .option(ChannelOption.TCP_NODELAY, true)
        .handler(replyReader)
        .connect(host, port);
    long deadline = System.nanoTime() + CONNECT_TIMEOUT_NANOS;
    while (!connecting.isDone() && System.nanoTime() < deadline) {
      loop.run(CONNECT_POLL_NANOS);
    }
    if (!connecting.isSuccess()) {
      handOn(me);
      loop.shutdownGracefully(0, 0, TimeUnit.SECONDS);
      throw new UncheckedIOException(new IOException("cannot connect to " + host + ":" + port, connecting.cause()));
    }
    this.channel = connecting.channel();
    handOn(me);
    this.backgroundDriver = new Thread(this::serveWhileNoCallerDrives, "callerio-background-driver");
    backgroundDriver.setDaemon(true);
    backgroundDriver.start();
  }

  /** Connects with followers that wait for the driver's next wake-up to have their command written. */
  public static CallerDrivenConnection connect(String host, int port) {
    return new CallerDrivenConnection(host, port, false);
  }

  /** Connects with {@code wakeDriverOnQueue}: each follower wakes the driving caller to write its command at once. */
  public static CallerDrivenConnection connect(String host, int port, boolean wakeDriverOnQueue) {
    return new CallerDrivenConnection(host, port, wakeDriverOnQueue);
  }

  /** Whether the loop runs on epoll (else NIO). */
  public boolean usesEpoll() {
    return loop.isIoType(EpollIoHandler.class);
  }

  /** Sends one command and blocks until its reply, driving the loop if no one else does. Platform threads only. */
  public Reply execute(byte[]... args) {
    if (closed) {
      throw new IllegalStateException("connection closed");
    }
    Thread me = Thread.currentThread();
    byte[] encoded = new byte[RespEncoder.encodedLength(args)];
    RespEncoder.writeCommand(encoded, 0, args);
    PendingCommand command = new PendingCommand(encoded, me);
    outbox.add(command);
    if (driver.compareAndSet(null, me)) {
      drive(command, me);
      return command.reply();
    }
    Thread current = driver.get();
    if (wakeDriverOnQueue || current == backgroundDriver) {
      loop.wakeup(); // the background driver gives the loop to the first caller; a driving caller writes at once
    }
    awaitReplyOrLoop(command, me);
    return command.reply();
  }

  private void awaitReplyOrLoop(PendingCommand command, Thread me) {
    while (!command.isDone()) {
      Thread current = driver.get();
      if (current == me || current == null && driver.compareAndSet(null, me)) {
        drive(command, me);
        return;
      }
      LockSupport.park(this);
    }
  }

  /** Runs the loop on this caller's thread until its own reply is read, then hands the loop on. */
  private void drive(PendingCommand own, Thread me) {
    ownership.moveTo(me);
    try {
      while (!own.isDone()) {
        flushOutbox();
        if (own.isDone()) {
          break;
        }
        loop.run(UNTIL_IO);
      }
    } finally {
      handOn(me);
    }
  }

  /**
   * The driving thread stops driving: it writes what is queued, then hands the loop to the caller whose reply comes
   * next (that caller would be woken for its reply anyway, so the hand-off costs no extra wake-up), or frees it.
   */
  private void handOn(Thread me) {
    while (true) {
      flushOutbox();
      PendingCommand next = inFlight.peekFirst();
      if (next != null) {
        ownership.moveTo(next.caller); // before driver: the new driver reads driver, then runs the loop
        driver.set(next.caller);
        LockSupport.unpark(next.caller);
        return;
      }
      ownership.moveTo(null);
      releases.incrementAndGet();
      driver.set(null);
      // A caller may have queued after the flush and parked seeing this thread drive: take the loop back to write it.
      if (outbox.isEmpty() || !driver.compareAndSet(null, me)) {
        return;
      }
      ownership.moveTo(me);
    }
  }

  /** Driving thread only: writes every queued command in one buffer and one flush. */
  private void flushOutbox() {
    PendingCommand command = outbox.poll();
    if (command == null) {
      return;
    }
    if (!channel.isActive()) {
      RuntimeException closedFailure = new UncheckedIOException(new IOException("connection closed"));
      do {
        command.fail(closedFailure);
      } while ((command = outbox.poll()) != null);
      return;
    }
    ByteBuf batch = channel.alloc().ioBuffer(command.encoded.length);
    do {
      batch.writeBytes(command.encoded);
      inFlight.add(command);
    } while ((command = outbox.poll()) != null);
    channel.writeAndFlush(batch, channel.voidPromise());
  }

  /**
   * The background driver: takes the loop once it has stayed free for a whole idle period, serves it (pushes and
   * timers in an integration) until a caller queues a command, then hands the loop to that caller.
   */
  private void serveWhileNoCallerDrives() {
    Thread me = Thread.currentThread();
    while (!closed) {
      long seen = releases.get();
      LockSupport.parkNanos(this, BACKGROUND_IDLE_NANOS);
      if (!closed && releases.get() == seen && driver.get() == null && driver.compareAndSet(null, me)) {
        serveUntilACallerQueues(me);
      }
    }
  }

  private void serveUntilACallerQueues(Thread me) {
    ownership.moveTo(me);
    try {
      while (!closed) {
        flushOutbox();
        if (!inFlight.isEmpty()) {
          break;
        }
        loop.run(UNTIL_IO);
      }
    } finally {
      handOn(me);
    }
  }

  /** Whether the socket is still connected. */
  public boolean isOpen() {
    return channel.isActive();
  }

  /** How many replies were read by a thread other than their caller's (each cost the caller a wake-up). */
  public long repliesReadForOtherThreads() {
    return replyReader.repliesReadForOtherThreads();
  }

  /** Whether the driver may wait in epoll/select: every reason to stop waiting must be here (see CallerIoEventLoop). */
  private boolean nothingToWrite() {
    return outbox.isEmpty() && !closed;
  }

  /** Whether no thread drives the loop now (a hint: another caller may take it the next moment). */
  public boolean isFree() {
    return driver.get() == null;
  }

  /** For tests: the thread driving the loop now, or null when it is free. */
  Thread driver() {
    return driver.get();
  }

  /** For tests: the background driver's thread. */
  Thread backgroundDriver() {
    return backgroundDriver;
  }

  /** Closes the connection once the callers in flight have their replies. */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    loop.wakeup();
    LockSupport.unpark(backgroundDriver);
    CallerLoop.joinUninterruptibly(backgroundDriver);
    Thread me = Thread.currentThread();
    while (!driver.compareAndSet(null, me)) {
      loop.wakeup();
      LockSupport.parkNanos(this, TimeUnit.MILLISECONDS.toNanos(1));
    }
    ownership.moveTo(me);
    channel.close();
    loop.shutdownGracefully(0, 0, TimeUnit.SECONDS);
    long deadline = System.nanoTime() + CONNECT_TIMEOUT_NANOS;
    while (!loop.isTerminated() && System.nanoTime() < deadline) {
      loop.run(CONNECT_POLL_NANOS);
    }
  }
}
