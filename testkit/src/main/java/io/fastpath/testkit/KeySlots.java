package io.fastpath.testkit;

import java.nio.charset.StandardCharsets;

/**
 * Computes Redis Cluster hash slots: CRC16-XMODEM of the key (or of its first non-empty
 * {@code {hashtag}}) modulo 16384, independently of the client under test.
 */
public final class KeySlots {

    public static final int SLOT_COUNT = 16384;

    private KeySlots() {
    }

    public static int slot(String key) {
        return slot(key.getBytes(StandardCharsets.UTF_8));
    }

    public static int slot(byte[] key) {
        int start = 0;
        int end = key.length;
        int open = indexOf(key, (byte) '{', 0);
        if (open >= 0) {
            int close = indexOf(key, (byte) '}', open + 1);
            // An empty tag "{}" does not count: the whole key is hashed.
            if (close > open + 1) {
                start = open + 1;
                end = close;
            }
        }
        return crc16(key, start, end) & (SLOT_COUNT - 1);
    }

    /** CRC16-XMODEM (polynomial 0x1021, initial value 0) over {@code data[from, to)}. */
    static int crc16(byte[] data, int from, int to) {
        int crc = 0;
        for (int index = from; index < to; index++) {
            crc ^= (data[index] & 0xFF) << 8;
            for (int bit = 0; bit < 8; bit++) {
                crc = (crc & 0x8000) != 0 ? (crc << 1) ^ 0x1021 : crc << 1;
            }
            crc &= 0xFFFF;
        }
        return crc;
    }

    private static int indexOf(byte[] data, byte value, int from) {
        for (int index = from; index < data.length; index++) {
            if (data[index] == value) {
                return index;
            }
        }
        return -1;
    }
}
