package io.fastpath.soak;

import io.fastpath.PubSubMessage;
import io.fastpath.PubSubListener;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The soak's pub/sub oracle (with {@code --pubsub on}): each blocking caller publishes numbered messages to a
 * channel of its own, one at a time, and listens to that channel through a subscription of its own. Subscriptions
 * promise delivery "in order, at most once", and of course only what was published to the channel: a message on
 * another channel or of another caller, a number seen twice, or a number lower than one already delivered is a
 * defect. Gaps are allowed (a message published while the subscription moves is lost).
 */
final class PubSubOracle {
  final AtomicLong published = new AtomicLong();
  final AtomicLong delivered = new AtomicLong();
  final AtomicLong wrongChannel = new AtomicLong();
  final AtomicLong duplicated = new AtomicLong();
  final AtomicLong reordered = new AtomicLong();
  final ConcurrentLinkedQueue<String> examples = new ConcurrentLinkedQueue<>();

  static String channel(int caller) {
    return "soak:c" + caller + ":channel";
  }

  static String message(int caller, long number) {
    return "c" + caller + ":" + number;
  }

  /** The listener of {@code caller}'s subscription; its lane delivers one message at a time. */
  PubSubListener listener(int caller) {
    String channel = channel(caller);
    String prefix = "c" + caller + ":";
    return new PubSubListener() {
      /** The highest number delivered so far; only this subscription's lane touches it. */
      private long highest = -1;

      @Override
      public void onMessage(PubSubMessage message) {
        delivered.incrementAndGet();
        String text = message.message();
        if (!channel.equals(message.channel()) || !text.startsWith(prefix)) {
          defect(wrongChannel, "caller " + caller + "'s subscription got " + text + " on " + message.channel());
          return;
        }
        long number = Long.parseLong(text.substring(prefix.length()));
        if (number == highest) {
          defect(duplicated, "caller " + caller + " got message " + number + " twice");
        } else if (number < highest) {
          defect(reordered, "caller " + caller + " got message " + number + " after " + highest);
        } else {
          highest = number;
        }
      }
    };
  }

  long defects() {
    return wrongChannel.get() + duplicated.get() + reordered.get();
  }

  private void defect(AtomicLong counter, String example) {
    counter.incrementAndGet();
    if (examples.size() < 20) {
      examples.add(example);
    }
  }
}
