package io.fastpath.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.RedisClientBuilder;
import java.beans.Introspector;
import java.beans.PropertyDescriptor;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Every option of {@link RedisClientBuilder} has a decided way in from Boot: a {@code spring.data.redis.*} or
 * {@code fastpath.*} property, or a {@link FastpathClientBuilderCustomizer} for what a property cannot carry (an object,
 * a callback). An option added to the builder without a line here fails the first test; a {@code fastpath.*}
 * property named here that {@link FastpathProperties} lacks, or one it has that nothing here names, fails the second.
 * That each property reaches the builder is the integration tests' job (FastpathRedisAutoConfigurationIT and others).
 */
class EveryBuilderOptionHasABootSettingTest {
    private static final String CUSTOMIZER = "a FastpathClientBuilderCustomizer bean";

    /** Each builder option and the Boot setting that sets it. */
    private static final Map<String, String> SETTING = Map.ofEntries(
            Map.entry("uri", "spring.data.redis.url / host / port / database / username / password"),
            Map.entry("host", "spring.data.redis.host / port"),
            Map.entry("seeds", "spring.data.redis.cluster.nodes"),
            Map.entry("sentinel", "spring.data.redis.sentinel.*"),
            Map.entry("credentials", "spring.data.redis.username / password"),
            Map.entry("database", "spring.data.redis.database"),
            Map.entry("clientName", "spring.data.redis.client-name"),
            Map.entry("commandTimeout", "spring.data.redis.timeout"),
            Map.entry("connectTimeout", "spring.data.redis.connect-timeout"),
            Map.entry("tls", "spring.data.redis.ssl.*"),
            Map.entry("connectionsPerNode", "fastpath.connections-per-node"),
            Map.entry("ioThreads", "fastpath.io-threads"),
            Map.entry("blockingConnectionsPerNode", "fastpath.blocking-connections-per-node"),
            Map.entry("watchConnectionsPerNode", "fastpath.watch-connections-per-node"),
            Map.entry("readPolicy", "fastpath.read-policy"),
            Map.entry("clientZone", "fastpath.client-zone"),
            Map.entry("loneCallerSpin", "fastpath.lone-caller-spin"),
            Map.entry("callerDrivenIo", "fastpath.caller-driven-io"),
            // unset, the starter prefers it unless spring.threads.virtual.enabled
            Map.entry("preferCallerDrivenIo", "fastpath.caller-driven-io"),
            Map.entry("credentialsProvider", CUSTOMIZER),
            Map.entry("clientSideCache", CUSTOMIZER),
            Map.entry("eventListener", CUSTOMIZER),
            Map.entry("commandListener", CUSTOMIZER),
            Map.entry("completionExecutor", CUSTOMIZER),
            Map.entry("directCompletion", CUSTOMIZER),
            Map.entry("congestionDetour", CUSTOMIZER),
            Map.entry("maxRedirects", CUSTOMIZER),
            Map.entry("redirectsOutsideTopology", CUSTOMIZER),
            Map.entry("topologyRefreshPeriod", CUSTOMIZER),
            Map.entry("maxInFlightPerConnection", CUSTOMIZER),
            Map.entry("maxArgumentBytes", CUSTOMIZER),
            Map.entry("maxQueuedWhileDisconnected", CUSTOMIZER),
            Map.entry("replyLimits", CUSTOMIZER),
            Map.entry("reconnectBackoff", CUSTOMIZER),
            Map.entry("retryReads", CUSTOMIZER),
            Map.entry("pingInterval", CUSTOMIZER),
            Map.entry("responseTimeout", CUSTOMIZER),
            Map.entry("lazyConnect", CUSTOMIZER),
            Map.entry("pubSubQueue", CUSTOMIZER),
            Map.entry("slowCommandLog", CUSTOMIZER));

    /** FastpathProperties' settings of the factory itself rather than of its client. */
    private static final Set<String> FACTORY_PROPERTIES = Set.of("fastpath.convert-pipeline-and-tx-results");

    @Test
    void everyBuilderOptionIsListedWithTheBootSettingThatSetsIt() {
        Set<String> options = Arrays.stream(RedisClientBuilder.class.getMethods())
                .filter(method -> method.getReturnType() == RedisClientBuilder.class && !Modifier.isStatic(method.getModifiers()))
                .map(Method::getName)
                .collect(Collectors.toCollection(TreeSet::new));
        assertThat(options).as("RedisClientBuilder's options").isNotEmpty();
        assertThat(new TreeSet<>(SETTING.keySet())).isEqualTo(options);
    }

    @Test
    void everyFastpathPropertyNamedAboveExistsAndEveryOneThatExistsIsNamed() throws Exception {
        Set<String> properties = new TreeSet<>();
        for (PropertyDescriptor property : Introspector.getBeanInfo(FastpathProperties.class, Object.class).getPropertyDescriptors()) {
            properties.add("fastpath." + kebabCase(property.getName()));
        }
        Set<String> named = SETTING.values().stream().filter(setting -> setting.startsWith("fastpath."))
                .collect(Collectors.toCollection(TreeSet::new));
        named.addAll(FACTORY_PROPERTIES);
        assertThat(properties).isEqualTo(named);
    }

    private static String kebabCase(String camelCase) {
        return camelCase.replaceAll("([A-Z])", "-$1").toLowerCase(java.util.Locale.ROOT);
    }
}
