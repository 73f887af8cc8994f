package io.fastpath;

/**
 * Closes what a test's setup opened, for the {@code @AfterEach}/{@code @AfterAll} methods: a field a failed setup left
 * null is skipped, so the teardown adds no NullPointerException to the setup's own failure, and one close that fails
 * does not keep the others from running.
 */
public final class Teardown {
    private Teardown() {}

    /** Closes each non-null resource in order; the first failure is thrown once all were tried, the others suppressed. */
    public static void closeAll(AutoCloseable... resources) throws Exception {
        Exception first = null;
        for (AutoCloseable resource : resources) {
            if (resource == null) {
                continue; // never opened: the setup failed before it
            }
            try {
                resource.close();
            } catch (Exception failed) {
                if (first == null) {
                    first = failed;
                } else {
                    first.addSuppressed(failed);
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
