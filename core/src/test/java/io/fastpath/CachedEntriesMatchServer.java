package io.fastpath;

import io.fastpath.command.Reply;
import io.fastpath.internal.cache.ClientSideCache;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The quiescence check of every client-side cache test: once writers have stopped, every entry the cache
 * still serves must equal what the server answers to the same command now.
 */
final class CachedEntriesMatchServer {
    private CachedEntriesMatchServer() {}

    /**
     * Polls (invalidations already sent may still be on their way) until every live entry of {@code cached}
     * equals {@code truth}'s reply to the same command; fails after 10 s listing the differences.
     *
     * @return how many entries were checked in the passing round
     */
    static int check(RedisClient cached, RedisClient truth) {
        ClientSideCache cache = cached.core().cache();
        return Eventually.await("every cached entry equals the server's reply", () -> compare(cache, truth),
                round -> round.stale().isEmpty(), Duration.ofSeconds(10)).checked();
    }

    /** One comparison of every live entry with the server; a description of each that differs. */
    private record Round(int checked, List<String> stale) {
        @Override
        public String toString() {
            return stale.size() + " of " + checked + " cached entries differ from the server: "
                    + stale.subList(0, Math.min(10, stale.size()));
        }
    }

    private static Round compare(ClientSideCache cache, RedisClient truth) {
        List<ClientSideCache.CachedReply> entries = cache.snapshot();
        List<String> stale = new ArrayList<>();
        for (ClientSideCache.CachedReply entry : entries) {
            Reply actual;
            try {
                actual = truth.execute(truth.commands().command(words(entry.command())));
            } catch (RedisOutcomeUnknownException | RedisNotSentException killedToo) {
                stale.add(text(entry.command()) + ": not compared yet, the uncached client is reconnecting");
                continue; // a test that kills connections may have killed the reference client's too
            }
            if (!actual.equals(entry.value())) {
                stale.add(text(entry.command()) + ": cached " + entry.value() + ", server " + actual);
            }
        }
        return new Round(entries.size(), stale);
    }

    private static Object[] words(byte[][] command) {
        Object[] words = new Object[command.length];
        words[0] = new String(command[0], StandardCharsets.UTF_8);
        System.arraycopy(command, 1, words, 1, command.length - 1);
        return words;
    }

    private static String text(byte[][] command) {
        List<String> words = new ArrayList<>();
        for (byte[] word : command) {
            words.add(new String(word, StandardCharsets.UTF_8));
        }
        return String.join(" ", words);
    }
}
