package io.fastpath.testkit;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A node's answer to {@code CLUSTER SLOTS} reduced to ports, so answers from different nodes can
 * be compared for agreement regardless of the order they list ranges or replicas in.
 */
final class SlotMap {

    private final List<SlotRange> ranges;

    private SlotMap(List<SlotRange> ranges) {
        this.ranges = ranges;
    }

    static SlotMap parse(Object clusterSlotsReply) {
        List<SlotRange> ranges = new ArrayList<>();
        for (Object entry : (List<?>) clusterSlotsReply) {
            List<?> fields = (List<?>) entry;
            int start = ((Long) fields.get(0)).intValue();
            int end = ((Long) fields.get(1)).intValue();
            int primaryPort = portOf(fields.get(2));
            List<Integer> replicaPorts = new ArrayList<>();
            for (int index = 3; index < fields.size(); index++) {
                replicaPorts.add(portOf(fields.get(index)));
            }
            replicaPorts.sort(Comparator.naturalOrder());
            ranges.add(new SlotRange(start, end, primaryPort, replicaPorts));
        }
        ranges.sort(Comparator.comparingInt(range -> range.start));
        return new SlotMap(List.copyOf(ranges));
    }

    /** The port of the primary serving {@code slot}, or -1 when no node serves it. */
    int primaryPortFor(int slot) {
        for (SlotRange range : ranges) {
            if (range.start <= slot && slot <= range.end) {
                return range.primaryPort;
            }
        }
        return -1;
    }

    Set<Integer> primaryPorts() {
        return ranges.stream().map(range -> range.primaryPort).collect(Collectors.toCollection(LinkedHashSet::new));
    }

    int coveredSlotCount() {
        return ranges.stream().mapToInt(range -> range.end - range.start + 1).sum();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof SlotMap && ((SlotMap) other).ranges.equals(ranges);
    }

    @Override
    public int hashCode() {
        return ranges.hashCode();
    }

    @Override
    public String toString() {
        return ranges.toString();
    }

    private static int portOf(Object node) {
        return ((Long) ((List<?>) node).get(1)).intValue();
    }

    private static final class SlotRange {
        final int start;
        final int end;
        final int primaryPort;
        final List<Integer> replicaPorts;

        SlotRange(int start, int end, int primaryPort, List<Integer> replicaPorts) {
            this.start = start;
            this.end = end;
            this.primaryPort = primaryPort;
            this.replicaPorts = replicaPorts;
        }

        @Override
        public boolean equals(Object other) {
            if (!(other instanceof SlotRange)) {
                return false;
            }
            SlotRange that = (SlotRange) other;
            return start == that.start && end == that.end && primaryPort == that.primaryPort
                    && replicaPorts.equals(that.replicaPorts);
        }

        @Override
        public int hashCode() {
            return (start * 31 + end) * 31 + primaryPort;
        }

        @Override
        public String toString() {
            return start + "-" + end + "@" + primaryPort + (replicaPorts.isEmpty() ? "" : replicaPorts.toString());
        }
    }
}
