package io.fastpath.internal.pubsub;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Which subscriptions listen to each channel, pattern and shard channel. A name is subscribed on the
 * server while at least one subscription uses it.
 *
 * <p>Thread ownership: any thread reads (event loops look up listeners per message); changes are
 * synchronized so "first user" and "last user" are decided once.
 */
final class SubscriptionRegistry {
    private final Map<PubSubKind, Map<String, CopyOnWriteArrayList<ActiveSubscription>>> byKind = new EnumMap<>(PubSubKind.class);

    SubscriptionRegistry() {
        for (PubSubKind kind : PubSubKind.values()) {
            byKind.put(kind, new ConcurrentHashMap<>());
        }
    }

    /** Adds the subscription and returns its names that no other subscription used (to subscribe on the server). */
    synchronized List<String> add(ActiveSubscription subscription) {
        Map<String, CopyOnWriteArrayList<ActiveSubscription>> names = byKind.get(subscription.kind);
        List<String> added = new ArrayList<>();
        for (String name : subscription.names()) {
            CopyOnWriteArrayList<ActiveSubscription> users = names.computeIfAbsent(name, unused -> new CopyOnWriteArrayList<>());
            if (users.isEmpty()) {
                added.add(name);
            }
            if (!users.contains(subscription)) {
                users.add(subscription);
            }
        }
        return added;
    }

    /** Removes the subscription and returns its names no subscription uses any more (to unsubscribe on the server). */
    synchronized List<String> remove(ActiveSubscription subscription) {
        Map<String, CopyOnWriteArrayList<ActiveSubscription>> names = byKind.get(subscription.kind);
        List<String> removed = new ArrayList<>();
        for (String name : subscription.names()) {
            CopyOnWriteArrayList<ActiveSubscription> users = names.get(name);
            if (users != null && users.remove(subscription) && users.isEmpty()) {
                names.remove(name);
                removed.add(name);
            }
        }
        return removed;
    }

    /** The subscriptions listening to {@code name}; empty when none. */
    List<ActiveSubscription> users(PubSubKind kind, String name) {
        List<ActiveSubscription> users = byKind.get(kind).get(name);
        return users == null ? List.of() : users;
    }

    /** Every name of {@code kind} some subscription uses (a live view). */
    Set<String> names(PubSubKind kind) {
        return byKind.get(kind).keySet();
    }
}
