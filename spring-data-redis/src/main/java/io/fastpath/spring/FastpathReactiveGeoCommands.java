package io.fastpath.spring;

import static io.fastpath.spring.FastpathReactiveStringCommands.number;
import static io.fastpath.spring.ReactiveRunner.bytes;
import static io.fastpath.spring.ReactiveRunner.each;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.reactivestreams.Publisher;
import org.springframework.data.geo.Distance;
import org.springframework.data.geo.GeoResult;
import org.springframework.data.geo.GeoResults;
import org.springframework.data.geo.Metric;
import org.springframework.data.redis.connection.ReactiveClusterGeoCommands;
import org.springframework.data.redis.connection.ReactiveRedisConnection.CommandResponse;
import org.springframework.data.redis.connection.ReactiveRedisConnection.MultiValueResponse;
import org.springframework.data.redis.connection.ReactiveRedisConnection.NumericResponse;
import org.springframework.data.redis.connection.RedisGeoCommands.DistanceUnit;
import org.springframework.data.redis.connection.RedisGeoCommands.GeoLocation;
import org.springframework.data.redis.connection.RedisGeoCommands.GeoRadiusCommandArgs;
import org.springframework.data.redis.connection.RedisGeoCommands.GeoSearchCommandArgs;
import org.springframework.data.redis.connection.RedisGeoCommands.GeoSearchStoreCommandArgs;
import org.springframework.data.redis.domain.geo.GeoReference;
import org.springframework.util.Assert;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** Geo commands, built by {@link FastpathGeoCommands}: GEORADIUS and GEOSEARCH results as Spring's {@link GeoResult}s. */
final class FastpathReactiveGeoCommands implements ReactiveClusterGeoCommands {
    private final ReactiveRunner runner;

    FastpathReactiveGeoCommands(ReactiveRunner runner) {
        this.runner = runner;
    }

    @Override
    public Flux<NumericResponse<GeoAddCommand, Long>> geoAdd(Publisher<GeoAddCommand> commands) {
        return each(commands, command -> {
            Assert.notNull(command.getGeoLocations(), "Locations must not be null");
            List<GeoLocation<byte[]>> locations = new ArrayList<>(command.getGeoLocations().size());
            for (GeoLocation<ByteBuffer> location : command.getGeoLocations()) {
                locations.add(new GeoLocation<>(bytes(location.getName()), location.getPoint()));
            }
            return number(command, runner.run(c -> c.geoCommands().geoAdd(bytes(command.getKey()), locations)));
        });
    }

    @Override
    public Flux<CommandResponse<GeoDistCommand, Distance>> geoDist(Publisher<GeoDistCommand> commands) {
        return each(commands, command -> {
            Assert.notNull(command.getFrom(), "From member must not be null");
            Assert.notNull(command.getTo(), "To member must not be null");
            Metric metric = command.getMetric().orElse(DistanceUnit.METERS);
            return runner.run(c -> c.geoCommands().geoDist(bytes(command.getKey()), bytes(command.getFrom()), bytes(command.getTo()),
                    metric)).map(distance -> new CommandResponse<>(command, distance));
        });
    }

    @Override
    public Flux<MultiValueResponse<GeoHashCommand, String>> geoHash(Publisher<GeoHashCommand> commands) {
        return each(commands, command -> runner.run(c -> c.geoCommands().geoHash(bytes(command.getKey()),
                bytes(command.getMembers()))).map(hashes -> new MultiValueResponse<>(command, hashes)));
    }

    @Override
    public Flux<MultiValueResponse<GeoPosCommand, org.springframework.data.geo.Point>> geoPos(Publisher<GeoPosCommand> commands) {
        return each(commands, command -> runner.run(c -> c.geoCommands().geoPos(bytes(command.getKey()),
                bytes(command.getMembers()))).map(points -> new MultiValueResponse<>(command, points)));
    }

    @Override
    public Flux<CommandResponse<GeoRadiusCommand, Flux<GeoResult<GeoLocation<ByteBuffer>>>>> geoRadius(
            Publisher<GeoRadiusCommand> commands) {
        return each(commands, command -> {
            Assert.notNull(command.getPoint(), "Point must not be null");
            Assert.notNull(command.getDistance(), "Distance must not be null");
            GeoRadiusCommandArgs args = command.getArgs().orElse(GeoRadiusCommandArgs.newGeoRadiusArgs());
            return results(command, runner.run(c -> c.geoCommands().geoRadius(bytes(command.getKey()),
                    new org.springframework.data.geo.Circle(command.getPoint(), command.getDistance()), args)));
        });
    }

    @Override
    public Flux<CommandResponse<GeoRadiusByMemberCommand, Flux<GeoResult<GeoLocation<ByteBuffer>>>>> geoRadiusByMember(
            Publisher<GeoRadiusByMemberCommand> commands) {
        return each(commands, command -> {
            Assert.notNull(command.getMember(), "Member must not be null");
            Assert.notNull(command.getDistance(), "Distance must not be null");
            GeoRadiusCommandArgs args = command.getArgs().orElse(GeoRadiusCommandArgs.newGeoRadiusArgs());
            return results(command, runner.run(c -> c.geoCommands().geoRadiusByMember(bytes(command.getKey()),
                    bytes(command.getMember()), command.getDistance(), args)));
        });
    }

    @Override
    public Flux<CommandResponse<GeoSearchCommand, Flux<GeoResult<GeoLocation<ByteBuffer>>>>> geoSearch(
            Publisher<GeoSearchCommand> commands) {
        return each(commands, command -> {
            Assert.notNull(command.getReference(), "GeoReference must not be null");
            Assert.notNull(command.getShape(), "GeoShape must not be null");
            GeoSearchCommandArgs args = command.getArgs().orElse(GeoSearchCommandArgs.newGeoSearchArgs());
            return results(command, runner.run(c -> c.geoCommands().geoSearch(bytes(command.getKey()),
                    reference(command.getReference()), command.getShape(), args)));
        });
    }

    @Override
    public Flux<NumericResponse<GeoSearchStoreCommand, Long>> geoSearchStore(Publisher<GeoSearchStoreCommand> commands) {
        return each(commands, command -> {
            Assert.notNull(command.getDestKey(), "Destination key must not be null");
            Assert.notNull(command.getReference(), "GeoReference must not be null");
            Assert.notNull(command.getShape(), "GeoShape must not be null");
            GeoSearchStoreCommandArgs args = command.getArgs().orElse(GeoSearchStoreCommandArgs.newGeoSearchStoreArgs());
            return number(command, runner.run(c -> c.geoCommands().geoSearchStore(bytes(command.getDestKey()),
                    bytes(command.getKey()), reference(command.getReference()), command.getShape(), args)));
        });
    }

    private static GeoReference<byte[]> reference(GeoReference<ByteBuffer> reference) {
        if (reference instanceof GeoReference.GeoMemberReference<ByteBuffer> member) {
            return GeoReference.fromMember(bytes(member.getMember()));
        }
        if (reference instanceof GeoReference.GeoCoordinateReference<ByteBuffer> coordinates) {
            return GeoReference.fromCoordinate(coordinates.getLongitude(), coordinates.getLatitude());
        }
        throw new org.springframework.dao.InvalidDataAccessApiUsageException("unknown GeoReference " + reference);
    }

    private static <C> Mono<CommandResponse<C, Flux<GeoResult<GeoLocation<ByteBuffer>>>>> results(C command,
            Mono<GeoResults<GeoLocation<byte[]>>> results) {
        return results.map(found -> new CommandResponse<>(command, Flux.fromIterable(found.getContent())
                .map(result -> new GeoResult<>(new GeoLocation<>(ByteBuffer.wrap(result.getContent().getName()),
                        result.getContent().getPoint()), result.getDistance()))));
    }
}
