package io.fastpath.internal.cache;

import io.fastpath.CacheOptions;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * How the server tracks the keys this cache holds: OPTIN (the default: the server invalidates what each fill read,
 * every key is covered) or BCAST with prefixes (the server invalidates every key under them, only those are
 * cached). Immutable.
 */
final class TrackingMode {
    /** Null in OPTIN mode. */
    private final List<byte[]> broadcastPrefixes;
    private final List<String> trackingCommand;

    TrackingMode(CacheOptions options) {
        List<String> tracking = new ArrayList<>(List.of("CLIENT", "TRACKING", "ON"));
        if (options.broadcastPrefixes() == null) {
            this.broadcastPrefixes = null;
            tracking.add("OPTIN");
        } else {
            List<byte[]> prefixes = new ArrayList<>();
            tracking.add("BCAST");
            for (String prefix : options.broadcastPrefixes()) {
                tracking.add("PREFIX");
                tracking.add(prefix);
                prefixes.add(prefix.getBytes(StandardCharsets.UTF_8));
            }
            this.broadcastPrefixes = List.copyOf(prefixes);
        }
        this.trackingCommand = List.copyOf(tracking);
    }

    /** The CLIENT TRACKING command every tracking connection's handshake sends. */
    List<String> trackingCommand() {
        return trackingCommand;
    }

    /** OPTIN: a fill sends CLIENT CACHING YES before its read. */
    boolean optIn() {
        return broadcastPrefixes == null;
    }

    /** Whether an invalidation will come for {@code key}: always in OPTIN mode, under a prefix in BCAST mode. */
    boolean covers(byte[] key) {
        if (broadcastPrefixes == null) {
            return true;
        }
        for (byte[] prefix : broadcastPrefixes) {
            if (key.length >= prefix.length && Arrays.equals(key, 0, prefix.length, prefix, 0, prefix.length)) {
                return true;
            }
        }
        return false;
    }

    /** {@link #covers} for every key of an MGET ({@code args[0]} is the command name). */
    boolean coversAllKeys(byte[][] args) {
        for (int i = 1; i < args.length; i++) {
            if (!covers(args[i])) {
                return false;
            }
        }
        return true;
    }
}
