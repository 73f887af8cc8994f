package io.fastpath;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.fastpath.internal.client.ClientSettings;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Every option reaches the engine: each public setter of {@link RedisClientBuilder}, given a value other than its
 * default, changes the matching components of the {@link ClientSettings} the builder hands to the engine, and every
 * component is reached by some setter. A setter added to the builder without a line in {@link #SETTERS} fails the
 * first test; a component nobody sets fails the last one; a setter that forgets its field fails the middle one.
 */
class ClientSettingsCoverageTest {
    /** A setter's non-default call and the components it must change. */
    record Setter(Consumer<RedisClientBuilder> call, Set<String> components) {}

    /** Every public setter by name; {@link EveryOptionReachesTheEngineTest} derives the engine's settings from the same calls. */
    static final Map<String, Setter> SETTERS = new LinkedHashMap<>();

    private static void setter(String name, Consumer<RedisClientBuilder> call, String... components) {
        SETTERS.put(name, new Setter(call, Set.of(components)));
    }

    static {
        setter("uri", b -> b.uri("redis://user:secret@other-host:7001/3"), "host", "port", "username", "password", "database");
        setter("seeds", b -> b.seeds("redis://a-host:7000", "redis://b-host:7001"), "host", "port", "extraSeeds");
        setter("sentinel", b -> b.sentinel(SentinelOptions.of("mymaster", "127.0.0.1:26380")), "sentinel", "sentinelAddresses");
        setter("readPolicy", b -> b.readPolicy(ReadPolicy.REPLICA_PREFERRED), "readPolicy");
        setter("clientZone", b -> b.clientZone("eu-west-1a"), "clientZone");
        setter("maxRedirects", b -> b.maxRedirects(7), "maxRedirects");
        setter("redirectsOutsideTopology", b -> b.redirectsOutsideTopology(true), "redirectsOutsideTopology");
        setter("topologyRefreshPeriod", b -> b.topologyRefreshPeriod(Duration.ofMinutes(7)), "topologyRefreshPeriod");
        setter("clientSideCache", b -> b.clientSideCache(CacheOptions.maxBytes(1 << 20)), "cache");
        setter("host", b -> b.host("other-host", 7001), "host", "port");
        setter("credentials", b -> b.credentials("user", "secret"), "username", "password");
        setter("credentialsProvider", b -> b.credentialsProvider(() -> null), "credentialsProvider");
        setter("database", b -> b.database(2), "database");
        setter("clientName", b -> b.clientName("reporting"), "clientName");
        setter("connectionsPerNode", b -> b.connectionsPerNode(16), "connectionsPerNode");
        setter("congestionDetour", b -> b.congestionDetour(false), "congestionDetour");
        setter("loneCallerSpin", b -> b.loneCallerSpin(Duration.ZERO), "loneCallerSpin");
        setter("callerDrivenIo", b -> b.callerDrivenIo(true), "callerDrivenIo");
        setter("preferCallerDrivenIo", RedisClientBuilder::preferCallerDrivenIo, "callerDrivenIo");
        setter("ioThreads", b -> b.ioThreads(Runtime.getRuntime().availableProcessors() + 1), "ioThreads");
        // over the 10 s floor of the default response timeout, so the response timeout follows it too
        setter("commandTimeout", b -> b.commandTimeout(Duration.ofSeconds(11)), "commandTimeout");
        setter("connectTimeout", b -> b.connectTimeout(Duration.ofSeconds(7)), "connectTimeout");
        setter("maxInFlightPerConnection", b -> b.maxInFlightPerConnection(5), "maxInFlightPerConnection");
        setter("maxArgumentBytes", b -> b.maxArgumentBytes(1_000), "maxArgumentBytes");
        setter("maxQueuedWhileDisconnected", b -> b.maxQueuedWhileDisconnected(5), "maxQueuedWhileDisconnected");
        setter("blockingConnectionsPerNode", b -> b.blockingConnectionsPerNode(3), "blockingConnectionsPerNode");
        setter("watchConnectionsPerNode", b -> b.watchConnectionsPerNode(3), "watchConnectionsPerNode");
        setter("completionExecutor", b -> b.completionExecutor(Runnable::run), "completionExecutor");
        setter("directCompletion", RedisClientBuilder::directCompletion, "directCompletion");
        setter("replyLimits", b -> b.replyLimits(1_000, 100, 4), "replyLimits");
        setter("reconnectBackoff", b -> b.reconnectBackoff(Duration.ofSeconds(1), Duration.ofSeconds(9)), "reconnectBackoff");
        setter("eventListener", b -> b.eventListener(event -> { }), "eventListener");
        setter("retryReads", b -> b.retryReads(false), "retryReads");
        setter("pingInterval", b -> b.pingInterval(Duration.ZERO), "pingInterval");
        setter("responseTimeout", b -> b.responseTimeout(Duration.ofSeconds(3)), "responseTimeout");
        setter("tls", b -> b.tls(TlsOptions.defaults()), "tls");
        setter("lazyConnect", RedisClientBuilder::lazyConnect, "lazyConnect");
        setter("pubSubQueue", b -> b.pubSubQueue(5, PubSubOverflow.DROP_NEWEST), "pubSubQueueBound", "pubSubOverflow");
        setter("commandListener", b -> b.commandListener(new CommandListener() { }), "commandListener");
        setter("slowCommandLog", b -> b.slowCommandLog(Duration.ofSeconds(1)), "slowCommandThreshold");
    }

    @Test
    void everyPublicSetterOfTheBuilderIsListedHere() {
        Set<String> setters = Arrays.stream(RedisClientBuilder.class.getDeclaredMethods())
                .filter(method -> Modifier.isPublic(method.getModifiers()) && !Modifier.isStatic(method.getModifiers()))
                .filter(method -> method.getReturnType() == RedisClientBuilder.class)
                .map(Method::getName)
                .collect(Collectors.toCollection(TreeSet::new));
        assertEquals(setters, new TreeSet<>(SETTERS.keySet()), "add the new setter to SETTERS with the components it sets");
    }

    @Test
    void eachSetterChangesTheSettingsComponentsItOwns() throws ReflectiveOperationException {
        // Measured against the builder's own defaults: a suite run with -Dfastpath.callerDrivenIo=true turns caller-driven
        // I/O on in the defaults, where callerDrivenIo(true) and preferCallerDrivenIo() could change nothing
        String callerDrivenProperty = System.clearProperty(RedisClientBuilder.CALLER_DRIVEN_IO_PROPERTY);
        try {
            everySetterChangesItsComponents();
        } finally {
            if (callerDrivenProperty != null) {
                System.setProperty(RedisClientBuilder.CALLER_DRIVEN_IO_PROPERTY, callerDrivenProperty);
            }
        }
    }

    private static void everySetterChangesItsComponents() throws ReflectiveOperationException {
        ClientSettings defaults = RedisClient.builder().settings();
        for (Map.Entry<String, Setter> entry : SETTERS.entrySet()) {
            RedisClientBuilder builder = RedisClient.builder();
            entry.getValue().call().accept(builder);
            ClientSettings changed = builder.settings();
            for (String component : entry.getValue().components()) {
                assertNotEquals(value(defaults, component), value(changed, component),
                        entry.getKey() + "(...) did not reach ClientSettings." + component);
            }
        }
    }

    @Test
    void everyComponentOfTheSettingsIsSetBySomeSetter() {
        Set<String> reached = SETTERS.values().stream()
                .flatMap(setter -> setter.components().stream())
                .collect(Collectors.toCollection(TreeSet::new));
        Set<String> components = Arrays.stream(ClientSettings.class.getRecordComponents())
                .map(RecordComponent::getName)
                .collect(Collectors.toCollection(TreeSet::new));
        assertEquals(components, reached, "a ClientSettings component no builder setter reaches");
    }

    private static Object value(ClientSettings settings, String component) throws ReflectiveOperationException {
        return ClientSettings.class.getMethod(component).invoke(settings);
    }
}
