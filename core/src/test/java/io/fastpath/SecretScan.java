package io.fastpath;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;

/** Test helpers for proving a secret never shows: full stack texts, and System.out/err captured while passing through. */
final class SecretScan implements AutoCloseable {
    private final PrintStream originalOut = System.out;
    private final PrintStream originalErr = System.err;
    private final ByteArrayOutputStream captured = new ByteArrayOutputStream();

    private SecretScan() {
        System.setOut(new PrintStream(new Tee(originalOut, captured), true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(new Tee(originalErr, captured), true, StandardCharsets.UTF_8));
    }

    /** Starts copying everything printed to System.out and System.err (where slf4j-simple logs) until {@link #close}. */
    static SecretScan captureOutput() {
        return new SecretScan();
    }

    String output() {
        synchronized (captured) {
            return captured.toString(StandardCharsets.UTF_8);
        }
    }

    @Override
    public void close() {
        System.setOut(originalOut);
        System.setErr(originalErr);
    }

    /** The exception's message, causes, suppressed exceptions and stack, as printStackTrace writes them. */
    static String stackText(Throwable error) {
        StringWriter text = new StringWriter();
        error.printStackTrace(new PrintWriter(text));
        return text.toString();
    }

    private static final class Tee extends OutputStream {
        private final OutputStream passThrough;
        private final ByteArrayOutputStream copy;

        Tee(OutputStream passThrough, ByteArrayOutputStream copy) {
            this.passThrough = passThrough;
            this.copy = copy;
        }

        @Override
        public void write(int b) throws java.io.IOException {
            passThrough.write(b);
            synchronized (copy) {
                copy.write(b);
            }
        }

        @Override
        public void write(byte[] bytes, int offset, int length) throws java.io.IOException {
            passThrough.write(bytes, offset, length);
            synchronized (copy) {
                copy.write(bytes, offset, length);
            }
        }
    }
}
