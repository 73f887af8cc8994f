package io.fastpath.spring;

import static io.fastpath.spring.FastpathReactiveStringCommands.number;
import static io.fastpath.spring.ReactiveRunner.bytes;
import static io.fastpath.spring.ReactiveRunner.each;

import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.reactivestreams.Publisher;
import org.springframework.data.redis.connection.Limit;
import org.springframework.data.redis.connection.ReactiveClusterStreamCommands;
import org.springframework.data.redis.connection.ReactiveRedisConnection.CommandResponse;
import org.springframework.data.redis.connection.ReactiveRedisConnection.KeyCommand;
import org.springframework.data.redis.connection.ReactiveRedisConnection.NumericResponse;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisStreamCommands.XPendingOptions;
import org.springframework.data.redis.connection.stream.ByteBufferRecord;
import org.springframework.data.redis.connection.stream.ByteRecord;
import org.springframework.data.redis.connection.stream.PendingMessages;
import org.springframework.data.redis.connection.stream.PendingMessagesSummary;
import org.springframework.data.redis.connection.stream.RecordId;
import org.springframework.data.redis.connection.stream.StreamInfo.XInfoConsumer;
import org.springframework.data.redis.connection.stream.StreamInfo.XInfoGroup;
import org.springframework.data.redis.connection.stream.StreamInfo.XInfoStream;
import org.springframework.data.redis.connection.stream.StreamOffset;
import org.springframework.data.redis.connection.stream.StreamReadOptions;
import org.springframework.data.redis.connection.stream.StreamRecords;
import org.springframework.util.Assert;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Stream commands, built by {@link FastpathStreamCommands}. A read (XREAD, XREADGROUP) is sent when its records' Flux
 * is subscribed, as with Lettuce's factory (Spring's {@code StreamReceiver} polls that way); with BLOCK it waits on the
 * client's blocking pool, holding no thread.
 */
final class FastpathReactiveStreamCommands implements ReactiveClusterStreamCommands {
    /** PendingRecordsCommand's minimum idle time is Spring Data Redis 4.0's; 3.5 never sets it. */
    private static final boolean PENDING_IDLE = FastpathStreamCommands.hasMethod(PendingRecordsCommand.class, "hasMinIdleTime");
    private final ReactiveRunner runner;

    FastpathReactiveStreamCommands(ReactiveRunner runner) {
        this.runner = runner;
    }

    @Override
    public Flux<NumericResponse<AcknowledgeCommand, Long>> xAck(Publisher<AcknowledgeCommand> commands) {
        return each(commands, command -> {
            Assert.notNull(command.getKey(), "Key must not be null");
            Assert.notNull(command.getGroup(), "Group must not be null");
            return number(command, runner.run(c -> c.streamCommands().xAck(bytes(command.getKey()), command.getGroup(),
                    command.getRecordIds().toArray(RecordId[]::new))));
        });
    }

    @Override
    public Flux<CommandResponse<AddStreamRecord, RecordId>> xAdd(Publisher<AddStreamRecord> commands) {
        return each(commands, command -> {
            Assert.notNull(command.getKey(), "Key must not be null");
            Assert.notNull(command.getBody(), "Body must not be null");
            Map<byte[], byte[]> fields = new LinkedHashMap<>();
            command.getBody().forEach((field, value) -> fields.put(bytes(field), bytes(value)));
            return runner.execute(FastpathStreamCommands.xAdd(bytes(command.getKey()), command.getRecord().getId(), fields,
                    command.isNoMkStream(), command.hasMaxlen() ? command.getMaxlen() : null,
                    command.hasMinId() ? command.getMinId() : null, command.isApproximateTrimming()))
                    .<CommandResponse<AddStreamRecord, RecordId>>handle((reply, sink) -> {
                        RecordId id = FastpathStreamCommands.recordId(reply); // nil: NOMKSTREAM and no stream
                        if (id != null) {
                            sink.next(new CommandResponse<>(command, id));
                        }
                    });
        });
    }

    @Override
    public Flux<CommandResponse<XClaimCommand, Flux<RecordId>>> xClaimJustId(Publisher<XClaimCommand> commands) {
        return each(commands, command -> runner.run(c -> c.streamCommands().xClaimJustId(bytes(command.getKey()),
                command.getGroupName(), command.getNewOwner(), command.getOptions()))
                .map(ids -> new CommandResponse<>(command, Flux.fromIterable(ids))));
    }

    @Override
    public Flux<CommandResponse<XClaimCommand, Flux<ByteBufferRecord>>> xClaim(Publisher<XClaimCommand> commands) {
        return each(commands, command -> records(command, runner.run(c -> c.streamCommands().xClaim(bytes(command.getKey()),
                command.getGroupName(), command.getNewOwner(), command.getOptions()))));
    }

    @Override
    public Flux<CommandResponse<DeleteCommand, Long>> xDel(Publisher<DeleteCommand> commands) {
        return each(commands, command -> runner.run(c -> c.streamCommands().xDel(bytes(command.getKey()),
                command.getRecordIds().toArray(RecordId[]::new))).map(count -> new CommandResponse<>(command, count)));
    }

    @Override
    public Flux<NumericResponse<KeyCommand, Long>> xLen(Publisher<KeyCommand> commands) {
        return each(commands, command -> number(command, runner.run(c -> c.streamCommands().xLen(bytes(command.getKey())))));
    }

    @Override
    public Flux<CommandResponse<PendingRecordsCommand, PendingMessagesSummary>> xPendingSummary(
            Publisher<PendingRecordsCommand> commands) {
        return each(commands, command -> runner.run(c -> c.streamCommands().xPending(bytes(command.getKey()),
                command.getGroupName())).map(summary -> new CommandResponse<>(command, summary)));
    }

    @Override
    public Flux<CommandResponse<PendingRecordsCommand, PendingMessages>> xPending(Publisher<PendingRecordsCommand> commands) {
        return each(commands, command -> {
            Assert.notNull(command.getGroupName(), "Group name must not be null");
            XPendingOptions options = XPendingOptions.range(command.getRange(), command.isLimited() ? command.getCount() : null);
            if (command.hasConsumer()) {
                options = options.consumer(command.getConsumerName());
            }
            if (PENDING_IDLE && command.hasMinIdleTime()) {
                options = options.minIdleTime(command.getMinIdleTime());
            }
            XPendingOptions pending = options;
            return runner.run(c -> c.streamCommands().xPending(bytes(command.getKey()), command.getGroupName(), pending))
                    .map(messages -> new CommandResponse<>(command, messages));
        });
    }

    @Override
    public Flux<CommandResponse<RangeCommand, Flux<ByteBufferRecord>>> xRange(Publisher<RangeCommand> commands) {
        return each(commands, command -> records(command, runner.run(c -> c.streamCommands().xRange(bytes(command.getKey()),
                command.getRange(), limit(command.getLimit())))));
    }

    @Override
    public Flux<CommandResponse<RangeCommand, Flux<ByteBufferRecord>>> xRevRange(Publisher<RangeCommand> commands) {
        return each(commands, command -> records(command, runner.run(c -> c.streamCommands().xRevRange(bytes(command.getKey()),
                command.getRange(), limit(command.getLimit())))));
    }

    private static Limit limit(Limit limit) {
        return limit == null ? Limit.unlimited() : limit;
    }

    @Override
    @SuppressWarnings("unchecked")
    public Flux<CommandResponse<ReadCommand, Flux<ByteBufferRecord>>> read(Publisher<ReadCommand> commands) {
        return Flux.from(commands).map(command -> {
            Assert.notNull(command.getStreamOffsets(), "StreamOffsets must not be null");
            Assert.notNull(command.getReadOptions(), "ReadOptions must not be null");
            StreamOffset<byte[]>[] offsets = command.getStreamOffsets().stream()
                    .map(offset -> StreamOffset.create(bytes(offset.getKey()), offset.getOffset())).toArray(StreamOffset[]::new);
            StreamReadOptions options = command.getReadOptions();
            Mono<List<ByteRecord>> read = command.getConsumer() == null
                    ? runner.run(c -> c.streamCommands().xRead(options, offsets))
                    : runner.run(c -> c.streamCommands().xReadGroup(command.getConsumer(), options, offsets));
            return new CommandResponse<>(command, read.flatMapIterable(records -> records)
                    .map(FastpathReactiveStreamCommands::record));
        });
    }

    @Override
    public Flux<CommandResponse<XInfoCommand, XInfoStream>> xInfo(Publisher<XInfoCommand> commands) {
        return each(commands, command -> runner.run(c -> c.streamCommands().xInfo(bytes(command.getKey())))
                .map(info -> new CommandResponse<>(command, info)));
    }

    @Override
    public Flux<CommandResponse<XInfoCommand, Flux<XInfoGroup>>> xInfoGroups(Publisher<XInfoCommand> commands) {
        return each(commands, command -> runner.run(c -> c.streamCommands().xInfoGroups(bytes(command.getKey())))
                .map(groups -> new CommandResponse<>(command, Flux.fromStream(groups.stream()))));
    }

    @Override
    public Flux<CommandResponse<XInfoCommand, Flux<XInfoConsumer>>> xInfoConsumers(Publisher<XInfoCommand> commands) {
        return each(commands, command -> {
            Assert.notNull(command.getGroupName(), "Group name must not be null");
            return runner.run(c -> c.streamCommands().xInfoConsumers(bytes(command.getKey()), command.getGroupName()))
                    .map(consumers -> new CommandResponse<>(command, Flux.fromStream(consumers.stream())));
        });
    }

    @Override
    public Flux<CommandResponse<GroupCommand, String>> xGroup(Publisher<GroupCommand> commands) {
        return each(commands, command -> {
            Assert.notNull(command.getGroupName(), "Group name must not be null");
            byte[] key = bytes(command.getKey());
            Mono<String> done = switch (command.getAction()) {
                case CREATE -> runner.run(c -> c.streamCommands().xGroupCreate(key, command.getGroupName(),
                        command.getReadOffset(), command.isMkStream()));
                case DELETE_CONSUMER -> runner.run((RedisConnection c) -> c.streamCommands().xGroupDelConsumer(key,
                        org.springframework.data.redis.connection.stream.Consumer.from(command.getGroupName(),
                                command.getConsumerName()))).map(deleted -> "OK");
                case DESTROY -> runner.run(c -> c.streamCommands().xGroupDestroy(key, command.getGroupName()))
                        .map(destroyed -> destroyed ? "OK" : "Error");
                case SET_ID -> runner.execute(FastpathConnection.command("XGROUP", "SETID", key, command.getGroupName(),
                        command.getReadOffset().getOffset())).map(Replies::toText);
            };
            return done.map(status -> new CommandResponse<>(command, status));
        });
    }

    @Override
    public Flux<NumericResponse<KeyCommand, Long>> xTrim(Publisher<TrimCommand> commands) {
        return each(commands, command -> {
            Assert.notNull(command.getCount(), "Count must not be null");
            return number((KeyCommand) command, runner.run(c -> c.streamCommands().xTrim(bytes(command.getKey()),
                    command.getCount(), command.isApproximateTrimming())));
        });
    }

    private static <C> Mono<CommandResponse<C, Flux<ByteBufferRecord>>> records(C command, Mono<List<ByteRecord>> records) {
        return records.defaultIfEmpty(List.of()).map(list -> new CommandResponse<>(command,
                Flux.fromIterable(list).map(FastpathReactiveStreamCommands::record)));
    }

    private static ByteBufferRecord record(ByteRecord record) {
        Map<ByteBuffer, ByteBuffer> body = new LinkedHashMap<>();
        record.getValue().forEach((field, value) -> body.put(ByteBuffer.wrap(field), ByteBuffer.wrap(value)));
        return StreamRecords.newRecord().in(ByteBuffer.wrap(record.getStream())).withId(record.getId()).ofBuffer(body);
    }
}
