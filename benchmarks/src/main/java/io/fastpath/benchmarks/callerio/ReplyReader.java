package io.fastpath.benchmarks.callerio;

import io.fastpath.command.Reply;
import io.fastpath.internal.protocol.RespDecoder;
import io.fastpath.internal.protocol.RespLimits;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import java.io.UncheckedIOException;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.List;

/**
 * Decodes replies (core's {@link RespDecoder}) and completes the oldest written command with each, on whichever
 * thread drives the loop: replies come back in the order commands were written.
 */
final class ReplyReader extends ByteToMessageDecoder {

  // Driving thread only, like the decoder's state.
  private final RespDecoder decoder = new RespDecoder(RespLimits.DEFAULTS);
  private final ArrayDeque<PendingCommand> inFlight;
  // Written by the driving thread only (hand-offs order the writes); read by tests.
  private volatile long repliesReadForOtherThreads;

  ReplyReader(ArrayDeque<PendingCommand> inFlight) {
    this.inFlight = inFlight;
  }

  @Override
  protected void decode(ChannelHandlerContext context, ByteBuf in, List<Object> out) {
    Reply reply;
    while ((reply = decoder.decode(in)) != null) {
      PendingCommand command = inFlight.poll();
      if (command == null) {
        throw new IllegalStateException("a reply arrived with no command waiting for it: " + reply);
      }
      if (command.caller != Thread.currentThread()) {
        repliesReadForOtherThreads++;
      }
      command.complete(reply);
    }
  }

  /** How many replies a thread read for another caller, which then had to be woken: a thread hand-off each. */
  long repliesReadForOtherThreads() {
    return repliesReadForOtherThreads;
  }

  @Override
  public void channelInactive(ChannelHandlerContext context) throws Exception {
    failAll(new UncheckedIOException(new IOException("connection closed")));
    super.channelInactive(context);
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext context, Throwable cause) {
    failAll(new IllegalStateException("connection failed", cause));
    context.close();
  }

  private void failAll(RuntimeException failure) {
    PendingCommand command;
    while ((command = inFlight.poll()) != null) {
      command.fail(failure);
    }
  }
}
