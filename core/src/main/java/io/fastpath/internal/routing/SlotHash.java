package io.fastpath.internal.routing;

/**
 * Redis Cluster's key-to-slot function: CRC16-XMODEM of the key (or of its first non-empty
 * {@code {hashtag}}) modulo 16384. Standalone routing uses it too, so a key maps to the same
 * connection index in both topologies.
 */
public final class SlotHash {
    public static final int SLOT_COUNT = 16384;

    private static final int[] TABLE = buildTable();

    private SlotHash() {}

    public static int slot(byte[] key) {
        int start = 0;
        int end = key.length;
        int open = indexOf(key, (byte) '{', 0);
        if (open >= 0) {
            int close = indexOf(key, (byte) '}', open + 1);
            if (close > open + 1) { // an empty tag "{}" hashes the whole key
                start = open + 1;
                end = close;
            }
        }
        return crc16(key, start, end) & (SLOT_COUNT - 1);
    }

    static int crc16(byte[] bytes, int from, int to) {
        int crc = 0;
        for (int i = from; i < to; i++) {
            crc = ((crc << 8) ^ TABLE[((crc >>> 8) ^ bytes[i]) & 0xff]) & 0xffff;
        }
        return crc;
    }

    private static int indexOf(byte[] bytes, byte wanted, int from) {
        for (int i = from; i < bytes.length; i++) {
            if (bytes[i] == wanted) {
                return i;
            }
        }
        return -1;
    }

    private static int[] buildTable() {
        int[] table = new int[256];
        for (int i = 0; i < 256; i++) {
            int crc = i << 8;
            for (int bit = 0; bit < 8; bit++) {
                crc = (crc & 0x8000) != 0 ? (crc << 1) ^ 0x1021 : crc << 1;
            }
            table[i] = crc & 0xffff;
        }
        return table;
    }
}
