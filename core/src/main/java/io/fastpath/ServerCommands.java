package io.fastpath;

/** Connection and server commands, blocking. */
public interface ServerCommands<K, V> extends SyncDispatcher<K, V> {

    default String ping() {
        return execute(commands().ping());
    }

    default V echo(V message) {
        return execute(commands().echo(message));
    }

    default long dbsize() {
        return execute(commands().dbsize());
    }

    default void flushdb() {
        execute(commands().flushdb());
    }

    default void flushall() {
        execute(commands().flushall());
    }

    default String info(String section) {
        return execute(commands().info(section));
    }

    /** Any command, as words (see {@link GenericCommandBuilder#command}); the raw reply, or the server's error. */
    default Reply send(Object... words) {
        return execute(commands().command(words));
    }
}
