package io.fastpath;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fastpath.internal.assembly.ClientAssembly;
import io.fastpath.internal.client.ClientResources;
import io.fastpath.internal.client.ClientSettings;
import io.fastpath.internal.connection.ConnectionSettings;
import io.fastpath.internal.sentinel.SentinelConfig;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The engine's settings are derived from the client's options and declare none of their own: every option the
 * builder has changes what a standalone or cluster client ({@link ConnectionSettings} and cluster options) or a
 * Sentinel client ({@link SentinelConfig}) is built from, unless the assembly hands it straight to what it builds
 * (listed below with where it goes); a connection setting named like an option carries that option's value; and
 * {@link ConnectionSettings} has no constant, builder or factory where a second default could live.
 */
class EveryOptionReachesTheEngineTest {
    /**
     * Options {@code ClientAssembly.assemble} gives directly to what it builds, not through the derived settings:
     * the addresses dialled, the client's threads ({@code ClientResources}), the command path ({@code ClientCore}),
     * and the cache and observer (their tracking and observer reach the connections as objects).
     */
    private static final Set<String> READ_BY_THE_ASSEMBLY = Set.of("host", "port", "extraSeeds", "lazyConnect",
            "ioThreads", "loneCallerSpin", "completionExecutor", "directCompletion", "connectionsPerNode",
            "congestionDetour", "cache", "commandListener", "slowCommandThreshold", "callerDrivenIo");

    /** Options a Sentinel client does not read (the builder documents them as cluster only, or refuses them with Sentinel). */
    private static final Set<String> NOT_FOR_SENTINEL = Set.of("maxRedirects", "topologyRefreshPeriod",
            "redirectsOutsideTopology", "seeds", "lazyConnect", "callerDrivenIo");

    /** The connection settings that carry an option as it is: the option's name, type and value. */
    private static final Set<String> NAMED_LIKE_AN_OPTION = Set.of("database", "clientName", "connectTimeout",
            "replyLimits", "maxInFlightPerConnection", "maxQueuedWhileDisconnected", "completionExecutor",
            "reconnectBackoff", "credentialsProvider", "retryReads", "pingInterval", "responseTimeout",
            "blockingConnectionsPerNode", "watchConnectionsPerNode", "pubSubQueueBound", "pubSubOverflow",
            "maxArgumentBytes");

    private final ClientResources resources = new ClientResources(1, null, true);

    @AfterEach
    void close() {
        resources.close();
    }

    /** What a client built from {@code settings} is made of, past what the assembly reads itself. */
    private Object engineOf(ClientSettings settings) {
        ConnectionSettings connections = ClientAssembly.connectionSettings(settings, ClientAssembly.tlsContext(settings),
                resources, null, null);
        if (settings.sentinel() != null) {
            return SentinelConfig.from(settings, connections); // it holds the data connections' settings too
        }
        return List.of(connections, ClientAssembly.clusterOptions(settings));
    }

    @Test
    void everyOptionChangesWhatAStandaloneOrClusterClientIsBuiltFrom() {
        assertEachSetterChangesTheEngine(RedisClient::builder, Set.of());
    }

    @Test
    void everyOptionChangesWhatASentinelClientIsBuiltFrom() {
        assertEachSetterChangesTheEngine(() -> RedisClient.builder().sentinel(SentinelOptions.of("base", "127.0.0.1:26391")),
                NOT_FOR_SENTINEL);
    }

    private void assertEachSetterChangesTheEngine(Supplier<RedisClientBuilder> base, Set<String> skipped) {
        Object before = engineOf(base.get().settings());
        int checked = 0;
        for (Map.Entry<String, ClientSettingsCoverageTest.Setter> entry : ClientSettingsCoverageTest.SETTERS.entrySet()) {
            Set<String> components = entry.getValue().components();
            if (skipped.contains(entry.getKey()) || READ_BY_THE_ASSEMBLY.containsAll(components)) {
                continue;
            }
            RedisClientBuilder builder = base.get();
            entry.getValue().call().accept(builder);
            assertNotEquals(before, engineOf(builder.settings()),
                    entry.getKey() + "(...) sets " + components + ", which nothing the engine is built from reflects: "
                            + "derive it in ClientAssembly (or SentinelConfig.from), or list it in READ_BY_THE_ASSEMBLY");
            checked++;
        }
        assertTrue(checked > 15, "only " + checked + " setters checked"); // not vacuous: most options reach the settings
    }

    @Test
    void aConnectionSettingNamedLikeAnOptionCarriesItsValueByDefaultAndWhenEachIsDistinct() throws ReflectiveOperationException {
        RedisClientBuilder distinct = RedisClient.builder().database(3).clientName("reporting")
                .connectTimeout(Duration.ofSeconds(7)).replyLimits(1_000, 100, 4).maxInFlightPerConnection(11)
                .maxQueuedWhileDisconnected(13).reconnectBackoff(Duration.ofSeconds(1), Duration.ofSeconds(9))
                .credentialsProvider(() -> null).retryReads(false).pingInterval(Duration.ofSeconds(17))
                .responseTimeout(Duration.ofSeconds(19)).blockingConnectionsPerNode(23).watchConnectionsPerNode(29)
                .pubSubQueue(31, PubSubOverflow.DROP_NEWEST).maxArgumentBytes(37_000);
        for (RedisClientBuilder options : List.of(RedisClient.builder(), distinct)) {
            ClientSettings settings = options.settings();
            ConnectionSettings connections = TestConnectionSettings.of(options, resources);
            Set<String> compared = new TreeSet<>();
            for (RecordComponent component : ConnectionSettings.class.getRecordComponents()) {
                Method option = optionNamed(component.getName());
                if (option != null && option.getReturnType() == component.getType()) {
                    Object expected = component.getName().equals("responseTimeout")
                            ? settings.effectiveResponseTimeout() : option.invoke(settings);
                    assertEquals(expected, component.getAccessor().invoke(connections), component.getName());
                    compared.add(component.getName());
                }
            }
            assertEquals(new TreeSet<>(NAMED_LIKE_AN_OPTION), compared,
                    "a connection setting that carries an option has the option's name and type");
        }
    }

    @Test
    void connectionSettingsDeclareNoDefaultBuilderOrFactoryOfTheirOwn() {
        List<String> constants = Arrays.stream(ConnectionSettings.class.getDeclaredFields())
                .filter(field -> Modifier.isStatic(field.getModifiers()))
                .map(Field::getName)
                .collect(Collectors.toList());
        assertEquals(List.of(), constants, "ConnectionSettings constants (an option's default belongs to RedisClientBuilder)");
        assertEquals(0, ConnectionSettings.class.getDeclaredClasses().length, "ConnectionSettings' nested types (a builder)");
        List<String> factories = Arrays.stream(ConnectionSettings.class.getDeclaredMethods())
                .filter(method -> Modifier.isStatic(method.getModifiers()) && !method.isSynthetic())
                .map(Method::getName)
                .collect(Collectors.toList());
        assertEquals(List.of(), factories, "ConnectionSettings' static factories (ClientAssembly.connectionSettings is the one)");
        assertEquals(1, ConnectionSettings.class.getDeclaredConstructors().length, "ConnectionSettings' constructors");
    }

    private static Method optionNamed(String name) {
        try {
            return ClientSettings.class.getMethod(name);
        } catch (NoSuchMethodException notAnOption) {
            return null;
        }
    }
}
