package io.fastpath.testkit;

/**
 * A separate JVM that starts a server and exits without closing it, so a test can check that the
 * shutdown hook kills what a dying test run leaves behind.
 */
public final class AbandonedServerProgram {

    private AbandonedServerProgram() {
    }

    public static void main(String[] arguments) {
        RedisServer server = RedisServer.start();
        System.out.println(server.pid());
        System.out.println(server.directory());
        System.out.flush();
        System.exit(0);
    }
}
