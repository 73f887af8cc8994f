package io.fastpath.leaks;

import io.netty.util.ResourceLeakDetector;
import io.netty.util.ResourceLeakDetectorFactory;
import java.util.ArrayList;
import java.util.List;

/**
 * Records every leak Netty's detector reports instead of only logging it, so tests can fail on a leaked
 * buffer. Installed once per test JVM by {@link LeakDetectionSessionListener}, before Netty creates its
 * detectors. Thread ownership: reports arrive on whatever thread allocates next; the list is synchronized.
 */
public final class LeakRecorder extends ResourceLeakDetectorFactory {
    private static final List<String> LEAKS = new ArrayList<>();

    @Override
    public <T> ResourceLeakDetector<T> newResourceLeakDetector(Class<T> resource, int samplingInterval, long maxActive) {
        return new RecordingDetector<>(resource, samplingInterval);
    }

    /** Leaks reported so far, then forgets them. */
    public static List<String> drain() {
        synchronized (LEAKS) {
            List<String> copy = new ArrayList<>(LEAKS);
            LEAKS.clear();
            return copy;
        }
    }

    private static final class RecordingDetector<T> extends ResourceLeakDetector<T> {
        RecordingDetector(Class<T> resource, int samplingInterval) {
            super(resource, samplingInterval);
        }

        @Override
        protected void reportTracedLeak(String resourceType, String records) {
            super.reportTracedLeak(resourceType, records);
            record(resourceType + " leaked; last accesses:" + records);
        }

        @Override
        protected void reportUntracedLeak(String resourceType) {
            super.reportUntracedLeak(resourceType);
            record(resourceType + " leaked (no access records)");
        }

        private static void record(String leak) {
            synchronized (LEAKS) {
                LEAKS.add(leak);
            }
        }
    }
}
