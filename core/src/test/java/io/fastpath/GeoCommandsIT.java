package io.fastpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.fastpath.command.GeoAddArgs;
import io.fastpath.command.GeoCoordinates;
import io.fastpath.command.GeoMember;
import io.fastpath.command.GeoResult;
import io.fastpath.command.GeoSearch;
import io.fastpath.command.GeoUnit;
import java.util.List;
import org.junit.jupiter.api.Test;

class GeoCommandsIT extends RedisServerPerClass {

    private static final List<GeoMember<String>> SICILY = List.of(
            GeoMember.of("Palermo", 13.361389, 38.115556),
            GeoMember.of("Catania", 15.087269, 37.502669),
            GeoMember.of("Agrigento", 13.583333, 37.316667));

    @Test
    void geoaddCountsAddedMembersAndHonoursNxXxAndCh() {
        assertThat(redis.geoadd("g", SICILY)).isEqualTo(3);
        assertThat(redis.geoadd("g", SICILY)).isZero();
        assertThat(redis.geoadd("g", GeoAddArgs.none().ch(), List.of(GeoMember.of("Palermo", 13.5, 38.1)))).isEqualTo(1);
        assertThat(redis.geoadd("g", GeoAddArgs.none().nx(), List.of(GeoMember.of("Palermo", 14, 38)))).isZero();
        assertThat(redis.geoadd("g", GeoAddArgs.none().xx(), List.of(GeoMember.of("Enna", 14.3, 37.6)))).isZero();
        assertThat(redis.zcard("g")).isEqualTo(3);
        assertThat(redis.geopos("g", List.of("Palermo")).get(0).longitude()).isCloseTo(13.5, within(1e-5));
    }

    @Test
    void geodistMeasuresInTheAskedUnitAndIsNullForAMissingMember() {
        redis.geoadd("g", SICILY);
        assertThat(redis.geodist("g", "Palermo", "Catania")).isCloseTo(166274.1516, within(0.01));
        assertThat(redis.geodist("g", "Palermo", "Catania", GeoUnit.KM)).isCloseTo(166.2742, within(0.001));
        assertThat(redis.geodist("g", "Palermo", "Catania", GeoUnit.MI)).isCloseTo(103.3182, within(0.001));
        assertThat(redis.geodist("g", "Palermo", "Nowhere")).isNull();
        assertThat(redis.async().geodist("g", "Palermo", "Catania", GeoUnit.FT).join()).isGreaterThan(500_000);
    }

    @Test
    void geoposAndGeohashAnswerPerMemberWithNullForMissingOnes() {
        redis.geoadd("g", SICILY);
        List<GeoCoordinates> positions = redis.geopos("g", List.of("Palermo", "Nowhere"));
        assertThat(positions).hasSize(2);
        assertThat(positions.get(0).longitude()).isCloseTo(13.361389, within(1e-5));
        assertThat(positions.get(0).latitude()).isCloseTo(38.115556, within(1e-5));
        assertThat(positions.get(1)).isNull();
        assertThat(redis.geohash("g", List.of("Palermo", "Catania", "Nowhere")))
                .containsExactly("sqc8b49rny0", "sqdtr74hyu0", null);
    }

    @Test
    void geosearchByRadiusFromCoordinatesReturnsTheAskedDetails() {
        redis.geoadd("g", SICILY);
        List<GeoResult<String>> results = redis.geosearch("g",
                GeoSearch.<String>fromCoordinates(15, 37).byRadius(200, GeoUnit.KM).ascending()
                        .withCoordinates().withDistance().withHash());
        assertThat(results).extracting(GeoResult::member).containsExactly("Catania", "Agrigento", "Palermo");
        GeoResult<String> catania = results.get(0);
        assertThat(catania.distance()).isCloseTo(56.4413, within(0.001));
        assertThat(catania.hash()).isEqualTo(3479447370796909L);
        assertThat(catania.coordinates().longitude()).isCloseTo(15.087269, within(1e-5));

        List<GeoResult<String>> bare = redis.geosearch("g", GeoSearch.<String>fromCoordinates(15, 37)
                .byRadius(100, GeoUnit.KM).descending());
        assertThat(bare).containsExactly(new GeoResult<>("Catania", null, null, null));
    }

    @Test
    void geosearchByBoxFromAMemberHonoursOrderAndCount() {
        redis.geoadd("g", SICILY);
        List<GeoResult<String>> nearest = redis.geosearch("g",
                GeoSearch.fromMember("Palermo").byBox(400, 400, GeoUnit.KM).ascending().count(2).withDistance());
        assertThat(nearest).extracting(GeoResult::member).containsExactly("Palermo", "Agrigento");
        assertThat(nearest.get(0).distance()).isZero();
        assertThat(nearest.get(0).coordinates()).isNull();
        assertThat(redis.geosearch("g", GeoSearch.fromMember("Palermo").byBox(400, 400, GeoUnit.KM).descending().count(1)))
                .extracting(GeoResult::member).containsExactly("Catania");
        assertThat(redis.geosearch("g", GeoSearch.fromMember("Palermo").byBox(400, 400, GeoUnit.KM).countAny(2))).hasSize(2);
        assertThat(redis.geosearch("g", GeoSearch.fromMember("Palermo").byBox(1, 1, GeoUnit.M)))
                .extracting(GeoResult::member).containsExactly("Palermo");
    }

    @Test
    void geosearchStoreStoresAGeoSetOrDistances() {
        redis.geoadd("{g}src", SICILY);
        GeoSearch<String> query = GeoSearch.<String>fromMember("Palermo").byRadius(100, GeoUnit.KM);
        assertThat(redis.geosearchStore("{g}near", "{g}src", query)).isEqualTo(2);
        assertThat(redis.geopos("{g}near", List.of("Agrigento")).get(0).latitude()).isCloseTo(37.316667, within(1e-5));
        assertThat(redis.geosearchStoreDistances("{g}dist", "{g}src", query)).isEqualTo(2);
        assertThat(redis.zscore("{g}dist", "Agrigento")).isCloseTo(90.9778, within(0.001));
        assertThatThrownBy(() -> redis.geosearchStore("{g}x", "{g}src", query.withDistance()))
                .isInstanceOf(RedisArgumentException.class);
    }

    @Test
    void invalidArgumentsFailBeforeAnythingIsSent() {
        assertThatThrownBy(() -> redis.geoadd("g", List.of(GeoMember.of("pole", 0, 89)))).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> GeoSearch.fromCoordinates(181, 0)).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> GeoSearch.fromMember("m").byRadius(0, GeoUnit.M)).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> redis.geosearch("g", GeoSearch.fromMember("m"))).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> redis.geoadd("g", List.of())).isInstanceOf(RedisArgumentException.class);
    }
}
