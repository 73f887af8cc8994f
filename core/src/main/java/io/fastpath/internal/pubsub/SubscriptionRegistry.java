package io.fastpath.internal.pubsub;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
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

    /** Per name being subscribed on the server right now: the future completed when the server confirmed it. */
    private final Map<PubSubKind, Map<String, CompletableFuture<Void>>> confirming = new EnumMap<>(PubSubKind.class);

    SubscriptionRegistry() {
        for (PubSubKind kind : PubSubKind.values()) {
            byKind.put(kind, new ConcurrentHashMap<>());
            confirming.put(kind, new ConcurrentHashMap<>());
        }
    }

    /**
     * What {@link #add} decided: the names no other subscription used (to subscribe on the server, then
     * complete {@code confirmation}), and the confirmations still pending for names another subscription
     * is subscribing right now (to wait for as well).
     */
    record Registration(List<String> added, CompletableFuture<Void> confirmation, List<CompletableFuture<Void>> othersPending) {}

    /** Adds the subscription; see {@link Registration}. */
    synchronized Registration add(ActiveSubscription subscription) {
        Map<String, CopyOnWriteArrayList<ActiveSubscription>> names = byKind.get(subscription.kind);
        Map<String, CompletableFuture<Void>> pending = confirming.get(subscription.kind);
        List<String> added = new ArrayList<>();
        List<CompletableFuture<Void>> othersPending = new ArrayList<>();
        for (String name : subscription.names()) {
            CopyOnWriteArrayList<ActiveSubscription> users = names.computeIfAbsent(name, unused -> new CopyOnWriteArrayList<>());
            if (users.isEmpty()) {
                added.add(name);
            } else {
                CompletableFuture<Void> other = pending.get(name);
                if (other != null) {
                    othersPending.add(other);
                }
            }
            if (!users.contains(subscription)) {
                users.add(subscription);
            }
        }
        CompletableFuture<Void> confirmation = new CompletableFuture<>();
        for (String name : added) {
            pending.put(name, confirmation);
        }
        confirmation.whenComplete((ignored, failure) -> {
            for (String name : added) {
                pending.remove(name, confirmation);
            }
        });
        return new Registration(added, confirmation, othersPending);
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

    /** Every subscription registered now, each once (the client's close marks them closed). */
    synchronized List<ActiveSubscription> all() {
        List<ActiveSubscription> all = new ArrayList<>();
        for (Map<String, CopyOnWriteArrayList<ActiveSubscription>> names : byKind.values()) {
            for (List<ActiveSubscription> users : names.values()) {
                for (ActiveSubscription user : users) {
                    if (!all.contains(user)) {
                        all.add(user);
                    }
                }
            }
        }
        return all;
    }
}
