package io.fastpath.benchmarks.virtualthreads;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingFile;

/**
 * A JFR recording of {@code jdk.VirtualThreadPinned} over one measured window, with the threshold at zero so
 * every park of a virtual thread that could not leave its carrier counts (the JDK's default setting records
 * only those longer than 20 ms). Read back from a file once the recording stopped, so no event still in a
 * buffer is missed.
 */
public final class PinnedEvents implements AutoCloseable {

  static final String EVENT = "jdk.VirtualThreadPinned";

  private final Recording recording = new Recording();

  private PinnedEvents() {
    recording.enable(EVENT).withThreshold(Duration.ZERO).withStackTrace();
    recording.setToDisk(true);
  }

  /** Starts recording now. */
  public static PinnedEvents start() {
    PinnedEvents events = new PinnedEvents();
    events.recording.start();
    return events;
  }

  /** Stops the recording and counts its pinned events, by the first frame outside the JDK where each pinned. */
  public Count stop() {
    recording.stop();
    Path file = null;
    try {
      file = Files.createTempFile("bench-pinned-", ".jfr");
      recording.dump(file);
      Map<String, Long> bySite = new LinkedHashMap<>();
      long total = 0;
      // A dump holds whole chunks, so it may carry events that ended before this recording started (an earlier
      // window's, another recording's): PinnedEventsOnVirtualThreadsTest counted one of the test before it
      Instant started = recording.getStartTime();
      for (RecordedEvent event : RecordingFile.readAllEvents(file)) {
        if (event.getEventType().getName().equals(EVENT) && !event.getEndTime().isBefore(started)) {
          total++;
          bySite.merge(site(event), 1L, Long::sum);
        }
      }
      return new Count(total, bySite);
    } catch (IOException e) {
      throw new UncheckedIOException("reading the pinned-thread recording failed", e);
    } finally {
      recording.close();
      if (file != null) {
        try {
          Files.deleteIfExists(file);
        } catch (IOException ignored) {
          // a temporary file left behind is harmless
        }
      }
    }
  }

  @Override
  public void close() {
    recording.close();
  }

  /** The first frame not in java.* or jdk.*, where the library (or the benchmark) held the carrier. */
  private static String site(RecordedEvent event) {
    if (event.getStackTrace() == null) {
      return "unknown";
    }
    List<RecordedFrame> frames = event.getStackTrace().getFrames();
    for (RecordedFrame frame : frames) {
      String type = frame.getMethod().getType().getName();
      if (!type.startsWith("java.") && !type.startsWith("jdk.") && !type.startsWith("sun.")) {
        return type + "." + frame.getMethod().getName();
      }
    }
    return frames.isEmpty() ? "unknown" : frames.get(0).getMethod().getType().getName() + "." + frames.get(0).getMethod().getName();
  }

  /** How many pinned events the window had, and where (the site of most first). */
  public record Count(long total, Map<String, Long> bySite) {

    /** The site with the most events, or empty when there were none. */
    public String topSite() {
      return bySite.entrySet().stream().max(Map.Entry.comparingByValue()).map(Map.Entry::getKey).orElse("");
    }
  }
}
