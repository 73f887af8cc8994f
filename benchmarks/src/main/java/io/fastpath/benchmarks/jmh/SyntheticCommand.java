package io.fastpath.benchmarks.jmh;

import io.fastpath.CacheStats;
import io.fastpath.ObservedClient;
import io.fastpath.ObservedCommand;

/**
 * A GET as the core reports it to a listener, so a listener can be measured alone ({@link ListenerCostBenchmark}):
 * its start is read from the clock as the client does, the later moments are set as a GET of scenario (c)
 * spends them (written 10 µs later, answered after 400 µs, completed 20 µs after that), so every recorder
 * records a realistic value.
 */
final class SyntheticCommand implements ObservedCommand, ObservedClient {
    private long start;
    private long written;
    private long reply;
    private long completed;
    private Object attachment;

    /** The next command: its moments are stamped as the listener's calls happen. */
    void begin() {
        start = System.nanoTime();
        written = 0;
        reply = 0;
        completed = 0;
        attachment = null;
    }

    static final long WRITTEN_AFTER = 10_000;
    static final long REPLY_AFTER = 410_000;
    static final long COMPLETED_AFTER = 430_000;

    void written() {
        written = start + WRITTEN_AFTER;
    }

    void replied() {
        reply = start + REPLY_AFTER;
    }

    void completed() {
        completed = start + COMPLETED_AFTER;
    }

    void attach(Object value) {
        attachment = value;
    }

    @Override
    public String name() {
        return "GET";
    }

    @Override
    public int batchSize() {
        return 0;
    }

    @Override
    public String node() {
        return "127.0.0.1:6379";
    }

    @Override
    public String serverHost() {
        return "127.0.0.1";
    }

    @Override
    public int serverPort() {
        return 6379;
    }

    @Override
    public int slot() {
        return 866;
    }

    @Override
    public boolean cacheFill() {
        return false;
    }

    @Override
    public int redirects() {
        return 0;
    }

    @Override
    public int retries() {
        return 0;
    }

    @Override
    public long startNanos() {
        return start;
    }

    @Override
    public long writtenNanos() {
        return written;
    }

    @Override
    public long replyNanos() {
        return reply;
    }

    @Override
    public long completedNanos() {
        return completed;
    }

    @Override
    public int bytesOut() {
        return 22;
    }

    @Override
    public int bytesIn() {
        return 70;
    }

    @Override
    public Outcome outcome() {
        return completed == 0 ? null : Outcome.SUCCESS;
    }

    @Override
    public String errorCode() {
        return null;
    }

    @Override
    public Throwable failure() {
        return null;
    }

    @Override
    public Object attachment() {
        return attachment;
    }

    @Override
    public ObservedClient client() {
        return this;
    }

    @Override
    public String queryText(boolean withKeys) {
        return withKeys ? "GET key:1" : "GET ?";
    }

    // ObservedClient (serverHost and serverPort serve both: the command's node is the configured one here)

    @Override
    public int database() {
        return 0;
    }

    @Override
    public String clientName() {
        return null;
    }

    @Override
    public boolean isCluster() {
        return false;
    }

    @Override
    public boolean cacheEnabled() {
        return false;
    }

    @Override
    public CacheStats cacheStats() {
        return CacheStats.DISABLED;
    }
}
