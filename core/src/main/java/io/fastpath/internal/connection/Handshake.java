package io.fastpath.internal.connection;

import io.fastpath.CredentialsProvider;
import io.fastpath.RedisConnectionException;
import io.fastpath.RedisCredentials;
import io.fastpath.RedisServerException;
import io.fastpath.command.Reply;
import io.fastpath.internal.command.CommandSpec;
import io.fastpath.internal.command.Converters;
import io.netty.channel.Channel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
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
    /** The channel this handshake runs on; a provider answering after it closed must not touch the next one. */
    private final Channel channel;
    // Event loop only: set once the credentials are known.
    private Credentials credentials;

    Handshake(Connection connection, ConnectionSettings settings) {
        this.connection = connection;
        this.settings = settings;
        this.channel = connection.channel();
    }

    /** Asks for the credentials (on every connect, so rotated secrets apply), then sends HELLO. */
    void start() {
        CredentialsProvider provider = settings.credentialsProvider();
        if (provider == null) {
            credentials = settings.credentials();
            hello();
            return;
        }
        CompletableFuture<RedisCredentials> resolved = new CompletableFuture<>();
        try {
            CompletionStage<RedisCredentials> stage = provider.credentials();
            if (stage == null) {
                resolved.complete(null);
            } else {
                stage.whenComplete((value, failure) -> {
                    if (failure != null) {
                        resolved.completeExceptionally(failure);
                    } else {
                        resolved.complete(value);
                    }
                });
            }
        } catch (RuntimeException thrown) {
            resolved.completeExceptionally(thrown);
        }
        // A provider that never answers must not leave the connection handshaking forever.
        resolved.orTimeout(settings.connectTimeout().toMillis(), TimeUnit.MILLISECONDS)
                .whenComplete((value, failure) -> {
                    if (connection.eventLoop().inEventLoop()) {
                        onCredentials(value, failure);
                    } else {
                        connection.eventLoop().execute(() -> onCredentials(value, failure));
                    }
                });
    }

    private void onCredentials(RedisCredentials value, Throwable failure) {
        if (connection.channel() != channel) {
            return; // that channel closed while the provider was working; the reconnect asks again
        }
        if (failure != null) {
            Throwable cause = failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
            // Only the failure's type: a provider's own message might quote the secret it could not fetch.
            connection.cycle.onHandshakeFailed(new RedisConnectionException(connection.endpoint().toString(),
                    "the credentials provider failed (" + cause.getClass().getSimpleName() + ")", null));
            return;
        }
        credentials = value == null ? Credentials.NONE : new Credentials(value.username(), value.password());
        hello();
    }

    private void hello() {
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
                connection.cycle.serverMode = modeOf(reply);
                afterProtocolChosen(true, false);
            } else if (isMissingHello(failure)) {
                fallBackToResp2();
            } else {
                connection.cycle.onHandshakeFailed(AuthenticationHint.withHint(failure, credentials));
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
                connection.cycle.onHandshakeFailed(AuthenticationHint.withHint(failure, credentials));
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
        HandshakeExtension extension = connection.cycle.handshakeExtension;
        if (extension != null) {
            required.add(extension.run(connection.cycle::writeInternal).thenApply(done -> (Reply) null));
        }
        CompletableFuture.allOf(required.toArray(new CompletableFuture<?>[0])).whenComplete((ignored, failure) -> {
            if (failure == null) {
                connection.cycle.onHandshakeDone(resp3);
            } else {
                // A RESP2 server without AUTH configured answers the first required command with NOAUTH.
                connection.cycle.onHandshakeFailed(AuthenticationHint.withHint(
                        failure instanceof CompletionException ? failure.getCause() : failure, credentials));
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
        connection.cycle.writeInternal(future);
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
