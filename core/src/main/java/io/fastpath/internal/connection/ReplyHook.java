package io.fastpath.internal.connection;

import io.fastpath.command.Reply;

/** Sees a command's reply on its connection's event loop before the command completes (cache fills). */
@FunctionalInterface
public interface ReplyHook {

    /** Event loop; must not throw: a throw here would close the connection. */
    void onReply(Connection connection, Reply reply);
}
