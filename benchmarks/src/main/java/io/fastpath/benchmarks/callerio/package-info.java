/**
 * Issue 30's prototype, caller-driven I/O: one connection whose Netty event loop is driven by its blocking callers
 * (leader/follower), measured as the benchmark clients {@code callerio} and {@code callerio-waking}. Not used by
 * the client; nothing in core depends on it.
 *
 * <p>Parts: {@link io.fastpath.benchmarks.callerio.CallerDrivenConnection} (leadership, outbox, hand-off, the
 * background driver), {@code CallerIoEventLoop} (a {@code ManualIoEventLoop} that never waits in epoll while commands
 * are queued), {@code LoopOwnership} (moves the loop's owning thread), {@code ReplyReader} (core's RESP decoder,
 * completing written commands in order), {@code PendingCommand} (one caller's command and its wake-up).
 *
 * <p>What Netty 4.2.18's {@code ManualIoEventLoop} allows, from its sources: {@code run}/{@code runNow} throw
 * unless called on the owning thread; the owner is set once (constructor or {@code setOwningThread}, which throws
 * when already set); a task {@code execute}d from another thread is queued and the IoHandler woken
 * ({@code wakeup()}: an eventfd write on epoll, skipped when called from the owner or when the loop is not about to
 * wait); the queued tasks run on the owner's next {@code run}. The IoHandlers themselves support a change of thread
 * ({@code IoHandlerFactory.isChangingThreadSupported()} is true for epoll and NIO), so the prototype moves the owner
 * at each hand-off through {@code LoopOwnership}, by reflection.
 *
 * <p>Invariants: only the driver (the thread in {@code driver}, which is also the loop's owner) touches the channel,
 * the decoder and the in-flight queue; a driver that stops writes what is queued and hands the loop to the caller
 * whose reply comes next (so no wake-up is spent on leadership alone) or frees it, then takes it back if a command
 * was queued meanwhile (no lost wake-up); the loop never waits in epoll while the outbox holds a command.
 *
 * <p>Measured (benchmarks/RESULTS.md): on one connection 3 of 4 callers are followers, woken by the driver
 * serially; on a quiet machine that costs half of Jedis's throughput at 4 callers. With a loop per caller
 * ({@code callerio-pool}: a caller drives the first free connection) nobody follows at light load and the prototype
 * reaches 0.90-0.95x Jedis. So the integration below should take a free connection of the node's pool before following.
 *
 * <p>The first integration step is in core since: {@code RedisClientBuilder.callerDrivenIo(true)}, package
 * {@code io.fastpath.internal.callerio} (an event loop of its own on Netty's public IoHandler API, as the first point
 * below says, and a background driver per loop), measured as the benchmark client {@code fastpath-callerio}.
 *
 * <p>Integration, sketched (issue 30 item 2):
 * <ul>
 *   <li>An {@code IoEventLoop} of our own on Netty's public {@code IoHandler} API (the structure of
 *       {@code ManualIoEventLoop}, about 300 lines, with {@code inEventLoop} answering for the current driver)
 *       instead of reflection, or a Netty change allowing the owner to move.</li>
 *   <li>A blocking caller drives a free connection of its node's pool when there is one (connections grown on
 *       demand up to a bound), and follows on the least loaded one only when all are driven.</li>
 *   <li>One driven loop per connection instead of a shared group's loop; idle loops are served by a few shared
 *       background threads waiting on one epoll set that holds each idle loop's epoll descriptor (an epoll fd is
 *       itself pollable), so the thread count stays bounded.</li>
 *   <li>{@code Connection}'s send path: a blocking platform-thread caller queues its command on the existing
 *       outbound queue, takes the loop if free and drives until its reply, else parks on its reply or the
 *       hand-off; async commands and virtual-thread callers never drive: they queue and wake the loop (the
 *       background driver drives when no caller does); a hand-off skips virtual-thread waiters.</li>
 *   <li>Completion: replies of async commands and pushes (invalidations, pub/sub) go to the completion executor
 *       as today, so no user code runs on a driving caller's stack.</li>
 *   <li>Timers (command deadlines, health checks, reconnect back-off) are scheduled tasks of the loop; a driver's
 *       wait is bounded by the next deadline; a driver whose own deadline expires, or that is interrupted, hands
 *       the loop on in a {@code finally}; freeing a loop that has timers due wakes the background driver at once
 *       rather than after the idle period.</li>
 *   <li>Reconnects and the TLS handshake run on the background driver; callers arriving meanwhile queue and park.
 *       The {@code SslHandler} stays in the pipeline and runs on whichever thread drives.</li>
 * </ul>
 */
package io.fastpath.benchmarks.callerio;
