package io.fastpath.internal.connection;

import io.fastpath.RedisServerException;
import io.fastpath.Reply;
import io.fastpath.internal.command.CommandSpec;
import io.fastpath.internal.command.Converters;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;

/**
 * The commands every (re)connect runs before any user command: {@code HELLO 3} with AUTH and SETNAME
 * (falling back to AUTH + RESP2 when the server has no HELLO), then SELECT and CLIENT SETINFO.
 *
 * <p>Thread ownership: runs on the connection's event loop; replies complete on it too.
 */
final class Handshake {
    private final Connection connection;
    private final ConnectionSettings settings;
    private final Credentials credentials;

    Handshake(Connection connection, ConnectionSettings settings) {
        this.connection = connection;
        this.settings = settings;
        this.credentials = settings.credentials().get(); // asked on every connect so rotated secrets apply
    }

    void start() {
        List<String> hello = new ArrayList<>(List.of("HELLO", "3"));
        if (credentials.hasPassword()) {
            hello.add("AUTH");
            hello.add(credentials.username() == null ? "default" : credentials.username());
            hello.add(credentials.password());
        }
        if (settings.clientName() != null) {
            hello.add("SETNAME");
            hello.add(settings.clientName());
        }
        send(hello).whenComplete((reply, failure) -> {
            if (failure == null) {
                connection.serverMode(modeOf(reply));
                afterProtocolChosen(true, false);
            } else if (isMissingHello(failure)) {
                fallBackToResp2();
            } else {
                connection.onHandshakeFailed(failure);
            }
        });
    }

    private void fallBackToResp2() {
        if (!credentials.hasPassword()) {
            afterProtocolChosen(false, true);
            return;
        }
        List<String> auth = credentials.username() == null
                ? List.of("AUTH", credentials.password())
                : List.of("AUTH", credentials.username(), credentials.password());
        send(auth).whenComplete((reply, failure) -> {
            if (failure == null) {
                afterProtocolChosen(false, true);
            } else {
                connection.onHandshakeFailed(failure);
            }
        });
    }

    /** SELECT must succeed; CLIENT SETINFO is informational and older servers reject it. */
    private void afterProtocolChosen(boolean resp3, boolean nameStillToSet) {
        List<CompletableFuture<Reply>> required = new ArrayList<>();
        if (settings.database() != 0) {
            required.add(send(List.of("SELECT", Integer.toString(settings.database()))));
        }
        if (settings.replicaReads()) {
            required.add(send(List.of("READONLY")));
        }
        if (resp3 && settings.tracking() != null) { // invalidations need RESP3 pushes on this same connection
            required.add(send(settings.tracking().trackingCommand()));
        }
        if (nameStillToSet && settings.clientName() != null) {
            required.add(send(List.of("CLIENT", "SETNAME", settings.clientName())));
        }
        // Informational only: servers before 7.2 answer with an error, which is ignored.
        send(List.of("CLIENT", "SETINFO", "LIB-NAME", settings.libraryName()));
        required.add(send(List.of("CLIENT", "SETINFO", "LIB-VER", settings.libraryVersion())).handle((reply, ignored) -> reply));
        CompletableFuture.allOf(required.toArray(new CompletableFuture<?>[0])).whenComplete((ignored, failure) -> {
            if (failure == null) {
                connection.onHandshakeDone(resp3);
            } else {
                connection.onHandshakeFailed(failure instanceof CompletionException ? failure.getCause() : failure);
            }
        });
    }

    private CompletableFuture<Reply> send(List<String> words) {
        byte[][] args = new byte[words.size()][];
        for (int i = 0; i < args.length; i++) {
            args[i] = words.get(i).getBytes(StandardCharsets.UTF_8);
        }
        CommandSpec<Reply> spec = new CommandSpec<>(words.get(0), args, Converters.REPLY, null, false);
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(Math.max(1000, settings.connectTimeout().toMillis()));
        CommandFuture<Reply> future = new CommandFuture<>(spec, true, deadline);
        connection.writeInternal(future);
        return future;
    }

    /** The {@code mode} field of the HELLO reply: standalone, cluster or sentinel; null when absent. */
    private static String modeOf(Reply hello) {
        if (hello instanceof Reply.MapReply map) {
            for (var entry : map.entries().entrySet()) {
                if ("mode".equals(text(entry.getKey()))) {
                    return text(entry.getValue());
                }
            }
        }
        return null;
    }

    private static String text(Reply reply) {
        if (reply instanceof Reply.BulkStringReply bulk) {
            return bulk.asUtf8();
        }
        return reply instanceof Reply.SimpleStringReply simple ? simple.value() : null;
    }

    private static boolean isMissingHello(Throwable failure) {
        if (!(failure instanceof RedisServerException server)) {
            return false;
        }
        String message = server.getMessage();
        return server.code().equals("NOPROTO") || message.contains("unknown command");
    }
}
