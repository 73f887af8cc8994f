package io.fastpath.spring;

import io.fastpath.command.Command;
import io.fastpath.RedisClient;
import io.fastpath.command.Reply;
import io.fastpath.command.ScanArgs;
import io.fastpath.reactor.FastpathReactive;
import io.fastpath.reactor.RedisReactiveCommands;
import io.fastpath.spring.CommandRecorder.Recorded;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import org.reactivestreams.Publisher;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.domain.Range;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.core.KeyScanOptions;
import org.springframework.data.redis.core.ScanOptions;
import org.springframework.data.redis.util.ByteUtils;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * How the reactive groups send: each command is built by the blocking group's own method ({@link CommandRecorder}),
 * sent through fastpath-reactor on a subscriber's first request (nothing before, nothing once cancelled while still
 * queued), and its reply converted as the blocking method converts it. Failures arrive as Spring's
 * {@link DataAccessException}s. One per factory, over the shared client; thread-safe.
 */
final class ReactiveRunner {
    private final RedisClient client;
    private final RedisReactiveCommands<byte[], byte[]> commands;

    ReactiveRunner(RedisClient client) {
        this.client = client;
        this.commands = FastpathReactive.of(client).binary();
    }

    RedisClient client() {
        return client;
    }

    /**
     * The command {@code call} builds on the blocking SPI, sent when subscribed; the blocking method's result, or
     * empty where it would return null (a missing key, a nil reply).
     */
    <R> Mono<R> run(Function<? super RedisConnection, R> call) {
        return Mono.defer(() -> {
            Recorded<R> recorded = CommandRecorder.record(call);
            return commands.execute(recorded.command()).<R>handle((reply, sink) -> {
                R converted = recorded.converter().apply(reply);
                if (converted != null) {
                    sink.next(converted);
                }
            });
        }).onErrorMap(ReactiveRunner::translate);
    }

    /**
     * As {@link #run}, for the SPI's methods that return nothing in the blocking form while the reactive form answers
     * the reply ("OK", SETRANGE's new length): {@code converter} turns the raw reply into the reactive result.
     */
    <R> Mono<R> runRaw(Consumer<? super RedisConnection> call, Function<Reply, R> converter) {
        return Mono.defer(() -> {
            Recorded<Object> recorded = CommandRecorder.record(connection -> {
                call.accept(connection);
                return null;
            });
            return commands.execute(recorded.command()).<R>handle((reply, sink) -> {
                R converted = converter.apply((Reply) reply);
                if (converted != null) {
                    sink.next(converted);
                }
            });
        }).onErrorMap(ReactiveRunner::translate);
    }

    /** A typed Fastpath command, sent when subscribed. */
    <T> Mono<T> execute(Command<T> command) {
        return commands.execute(command).onErrorMap(ReactiveRunner::translate);
    }

    /** Each command of {@code input} in turn, as Spring's reactive SPI asks: one after the other, responses in order. */
    static <C, R> Flux<R> each(Publisher<C> input, Function<? super C, ? extends Publisher<R>> one) {
        return Flux.from(input).concatMap(one).onErrorMap(ReactiveRunner::translate);
    }

    /** SCAN by demand: each page is fetched only when the subscriber wants more (fastpath-reactor's paging). */
    Flux<ByteBuffer> scan(ScanOptions options) {
        ScanArgs args = scanArgs(options);
        if (options instanceof KeyScanOptions keyOptions && keyOptions.getType() != null) {
            args = args.type(keyOptions.getType());
        }
        return commands.scan(args).map(ByteBuffer::wrap).onErrorMap(ReactiveRunner::translate);
    }

    RedisReactiveCommands<byte[], byte[]> commands() {
        return commands;
    }

    /** MATCH and COUNT as Fastpath's {@link ScanArgs}; a pattern travels as UTF-8 text, so it must be valid UTF-8. */
    static ScanArgs scanArgs(ScanOptions options) {
        ScanArgs args = ScanArgs.none();
        if (options == null) {
            return args;
        }
        byte[] pattern = options.getBytePattern();
        if (pattern != null) {
            args = args.match(text(pattern, "SCAN MATCH pattern"));
        }
        if (options.getCount() != null) {
            args = args.count(options.getCount());
        }
        return args;
    }

    static Throwable translate(Throwable failure) {
        DataAccessException translated = FastpathExceptionTranslator.translateIfPossible(failure);
        return translated != null ? translated : failure;
    }

    // ---- ByteBuffer <-> byte[] ----

    /** The buffer's remaining bytes, copied; the buffer itself is not consumed. */
    static byte[] bytes(ByteBuffer buffer) {
        return buffer == null ? null : ByteUtils.getBytes(buffer);
    }

    static byte[][] bytes(Collection<ByteBuffer> buffers) {
        byte[][] copies = new byte[buffers.size()][];
        int i = 0;
        for (ByteBuffer buffer : buffers) {
            copies[i++] = bytes(buffer);
        }
        return copies;
    }

    static ByteBuffer buffer(byte[] bytes) {
        return bytes == null ? null : ByteBuffer.wrap(bytes);
    }

    static List<ByteBuffer> buffers(Collection<byte[]> values) {
        List<ByteBuffer> buffers = new ArrayList<>(values.size());
        for (byte[] value : values) {
            buffers.add(buffer(value));
        }
        return buffers;
    }

    /** Field-value or key-value pairs, copied to bytes in their order. */
    static java.util.Map<byte[], byte[]> pairs(java.util.Map<ByteBuffer, ByteBuffer> pairs) {
        java.util.Map<byte[], byte[]> copies = new java.util.LinkedHashMap<>(pairs.size() * 2);
        pairs.forEach((key, value) -> copies.put(bytes(key), bytes(value)));
        return copies;
    }

    /** A flux of the values, wrapped; an absent collection is an empty flux. */
    static Flux<ByteBuffer> flux(Collection<byte[]> values) {
        return values == null ? Flux.empty() : Flux.fromIterable(values).map(ByteBuffer::wrap);
    }

    /** Bytes that must be UTF-8 text (Fastpath takes patterns and channel names as text). */
    static String text(byte[] bytes, String what) {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException notText) {
            throw new InvalidDataAccessApiUsageException("Fastpath takes a " + what + " as UTF-8 text (bytes that are not"
                    + " would reach the server changed), and this one is not valid UTF-8");
        }
    }

    // ---- Range<Long> as Redis indexes ----

    /**
     * The first index of an index range, 0 when unbounded. Spring's reactive SPI builds index ranges as
     * {@code Range.open(start, end)} and means both ends, so an index bound counts whatever its inclusiveness (as with
     * Lettuce's factory).
     */
    static long start(Range<Long> range) {
        return range.getLowerBound().getValue().orElse(0L);
    }

    /** The last index of an index range, -1 (the end) when unbounded; inclusive whatever the bound says, as {@link #start}. */
    static long end(Range<Long> range) {
        return range.getUpperBound().getValue().orElse(-1L);
    }
}
