package io.fastpath.benchmarks;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The keys and values every scenario uses, built once so no client pays for building them while it
 * is measured.
 */
public final class Keyspace {

  public static final int SMALL_KEY_COUNT = 10_000;
  public static final String SMALL_VALUE = "v".repeat(64);
  public static final byte[] SMALL_VALUE_BYTES = SMALL_VALUE.getBytes(StandardCharsets.US_ASCII);
  public static final int LARGE_VALUE_SIZE = 5 * 1024 * 1024;
  public static final String LARGE_KEY = "large:0";
  public static final byte[] LARGE_KEY_BYTES = LARGE_KEY.getBytes(StandardCharsets.US_ASCII);

  private static final List<String> SMALL_KEYS = keys("key:", SMALL_KEY_COUNT);
  private static final byte[][] SMALL_KEY_BYTES =
      SMALL_KEYS.stream().map(k -> k.getBytes(StandardCharsets.US_ASCII)).toArray(byte[][]::new);

  private Keyspace() {}

  public static List<String> smallKeys() {
    return SMALL_KEYS;
  }

  public static String smallKey(int index) {
    return SMALL_KEYS.get(index);
  }

  public static byte[] smallKeyBytes(int index) {
    return SMALL_KEY_BYTES[index];
  }

  public static byte[] largeValue() {
    byte[] value = new byte[LARGE_VALUE_SIZE];
    Arrays.fill(value, (byte) 'x');
    return value;
  }

  /** Distinct keys {@code prefix0 .. prefix(count-1)}. */
  public static List<String> keys(String prefix, int count) {
    List<String> keys = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      keys.add(prefix + i);
    }
    return keys;
  }
}
