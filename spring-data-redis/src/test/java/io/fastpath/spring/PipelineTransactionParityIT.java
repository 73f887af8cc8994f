package io.fastpath.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.RedisClient;
import io.fastpath.testkit.RedisServerExtension;
import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionCommands;
import org.springframework.data.redis.connection.RedisGeoCommands;
import org.springframework.data.redis.connection.RedisHashCommands;
import org.springframework.data.redis.connection.RedisHyperLogLogCommands;
import org.springframework.data.redis.connection.RedisKeyCommands;
import org.springframework.data.redis.connection.RedisListCommands;
import org.springframework.data.redis.connection.RedisPipelineException;
import org.springframework.data.redis.connection.RedisPubSubCommands;
import org.springframework.data.redis.connection.RedisScriptingCommands;
import org.springframework.data.redis.connection.RedisServerCommands;
import org.springframework.data.redis.connection.RedisSetCommands;
import org.springframework.data.redis.connection.RedisStreamCommands;
import org.springframework.data.redis.connection.RedisStringCommands;
import org.springframework.data.redis.connection.RedisZSetCommands;

/**
 * Every method of Spring's command interfaces, called three ways against a real server, each time on fresh data: plain,
 * alone in a pipeline, and alone inside MULTI/EXEC. The three outcomes (the result, normalised so byte arrays and
 * Spring's value types compare by content, or the failure's class and server error code) must be equal, and the
 * result an instance of the type Spring declares. The methods come from reflection over the interfaces and their
 * arguments from {@link ParitySamples}'s table by parameter type and name, so a method Spring adds is covered or makes
 * this test fail: each method is either run or listed below with the reason it is not.
 */
class PipelineTransactionParityIT {
    @RegisterExtension
    static final RedisServerExtension SERVER = RedisServerExtension.standalone();

    /** The command interfaces and how a connection hands out each. */
    private static final Map<Class<?>, Function<RedisConnection, Object>> GROUPS = new LinkedHashMap<>();

    static {
        GROUPS.put(RedisKeyCommands.class, RedisConnection::keyCommands);
        GROUPS.put(RedisStringCommands.class, RedisConnection::stringCommands);
        GROUPS.put(RedisListCommands.class, RedisConnection::listCommands);
        GROUPS.put(RedisSetCommands.class, RedisConnection::setCommands);
        GROUPS.put(RedisZSetCommands.class, RedisConnection::zSetCommands);
        GROUPS.put(RedisHashCommands.class, RedisConnection::hashCommands);
        GROUPS.put(RedisGeoCommands.class, RedisConnection::geoCommands);
        GROUPS.put(RedisHyperLogLogCommands.class, RedisConnection::hyperLogLogCommands);
        GROUPS.put(RedisStreamCommands.class, RedisConnection::streamCommands);
        GROUPS.put(RedisScriptingCommands.class, RedisConnection::scriptingCommands);
        GROUPS.put(RedisServerCommands.class, RedisConnection::serverCommands);
        GROUPS.put(RedisConnectionCommands.class, connection -> connection);
        GROUPS.put(RedisPubSubCommands.class, connection -> connection);
    }

    /** The command interfaces this test and NullArgumentChecksIT walk, and how a connection hands out each. */
    static Map<Class<?>, Function<RedisConnection, Object>> groups() {
        return GROUPS;
    }

    /** Methods that by Spring's contract do not run in a pipeline or a transaction, by name (every overload). */
    private static final Map<String, String> NOT_PIPELINABLE = Map.of(
            "scan", "a SCAN cursor pages at once; Spring's drivers refuse it in a pipeline or transaction",
            "sScan", "a SSCAN cursor pages at once; refused in a pipeline or transaction",
            "zScan", "a ZSCAN cursor pages at once; refused in a pipeline or transaction",
            "hScan", "a HSCAN cursor pages at once; refused in a pipeline or transaction",
            "setClientName", "refused on purpose in every mode: it would rename every caller's shared connection",
            "select", "refused on purpose in a pipeline or transaction: each database is a client of its own",
            "subscribe", "blocks the thread until unsubscribed; Spring's drivers refuse it in a pipeline or transaction",
            "pSubscribe", "as subscribe",
            "isSubscribed", "reads this connection's state: no command",
            "getSubscription", "reads this connection's state: no command");

    /** Methods that by Spring's contract do not run inside MULTI/EXEC (Lettuce's factory refuses them too): run plain and pipelined only. */
    private static final Map<String, String> NOT_IN_TRANSACTION = Map.of(
            "scriptKill", "SCRIPT KILL cannot be queued: the script it would kill blocks EXEC itself");

    /** Methods not run here because they would disturb the test's server (or need another), by name. */
    private static final Map<String, String> NOT_RUN = Map.of(
            "shutdown", "stops the server",
            "replicaOf", "turns the server into a replica",
            "replicaOfNoOne", "needs a replica to promote",
            "migrate", "needs a second server",
            "killClient", "would close another client's connection",
            "save", "writes the server's RDB file",
            "bgSave", "forks a background save; the next call then fails with 'already in progress'",
            "bgReWriteAof", "forks a background AOF rewrite, as bgSave");

    /** Methods whose result changes from call to call by nature: their three results are compared by type only. */
    private static final Set<String> TYPE_ONLY = Set.of("randomKey", "sRandMember", "sPop", "zRandMember",
            "zRandMemberWithScore", "hRandField", "hRandFieldWithValues", "time", "info", "lastSave", "getClientList",
            "xAdd", "xPending", "xInfo", "xInfoGroups", "xInfoConsumers", "idletime");

    private static FastpathConnectionFactory factory;

    @BeforeAll
    static void startFactory() {
        factory = new FastpathConnectionFactory(() -> RedisClient.builder().uri(SERVER.server().uri()));
        factory.afterPropertiesSet();
    }

    @AfterAll
    static void stopFactory() {
        factory.destroy();
    }

    @Test
    void everyCommandMethodGivesThePlainResultPipelinedAndInATransaction() throws Exception {
        List<String> mismatches = new ArrayList<>();
        Map<String, Integer> counts = new TreeMap<>();
        Set<String> listedNames = new HashSet<>();
        int run = 0;
        int typeOnly = 0;
        int implemented = 0;
        int notRun = 0;
        byte[] dump;
        try (RedisConnection connection = factory.getConnection()) {
            ParitySamples.load(connection);
            dump = connection.keyCommands().dump(ParitySamples.bytes("string"));
        }
        for (Map.Entry<Class<?>, Function<RedisConnection, Object>> group : GROUPS.entrySet()) {
            ParitySamples samples = ParitySamples.of(group.getKey(), dump);
            for (Method method : sorted(group.getKey().getMethods())) {
                String signature = group.getKey().getSimpleName() + "." + signature(method);
                String name = method.getName();
                if (NOT_PIPELINABLE.containsKey(name) || NOT_RUN.containsKey(name)) {
                    listedNames.add(name);
                    notRun++;
                    continue;
                }
                Object[] arguments = samples.arguments(method); // a parameter without a sample fails here, naming it
                Outcome plain = call(group.getValue(), method, arguments, Mode.PLAIN);
                Outcome pipelined = call(group.getValue(), method, arguments, Mode.PIPELINE);
                boolean byTypeOnly = TYPE_ONLY.contains(name);
                compare(signature, method, plain, pipelined, "pipelined", byTypeOnly, mismatches);
                if (NOT_IN_TRANSACTION.containsKey(name)) {
                    listedNames.add(name);
                } else {
                    Outcome transactional = call(group.getValue(), method, arguments, Mode.TRANSACTION);
                    compare(signature, method, plain, transactional, "in MULTI/EXEC", byTypeOnly, mismatches);
                }
                run++;
                typeOnly += byTypeOnly ? 1 : 0;
                counts.merge(group.getKey().getSimpleName(), 1, Integer::sum);
                if (implementedByFastpath(group.getValue(), method)) {
                    implemented++;
                }
            }
        }
        Set<String> stale = new HashSet<>(NOT_PIPELINABLE.keySet());
        stale.addAll(NOT_RUN.keySet());
        stale.addAll(NOT_IN_TRANSACTION.keySet());
        stale.removeAll(listedNames);
        System.out.printf("parity: %d methods run three ways (%d of them declared by Fastpath's groups, the rest Spring's"
                + " defaults over them; %d compared by type only), %d listed as not run; per interface %s%n",
                run, implemented, typeOnly, notRun, counts);
        assertThat(stale).as("listed methods that no interface has any more").isEmpty();
        assertThat(mismatches).as("methods whose pipelined or transactional outcome differs from the plain call's").isEmpty();
    }

    private enum Mode { PLAIN, PIPELINE, TRANSACTION }

    /** What one call gave: a value (normalised), nothing (a void method), or a failure (its class and server code). */
    private record Outcome(String kind, Object value, Class<?> type, String description, String message) {
        Outcome(String kind, Object value, Class<?> type, String description) {
            this(kind, value, type, description, null);
        }

        static Outcome value(Object result) {
            return new Outcome("value", normalise(result, 0), result == null ? null : result.getClass(), String.valueOf(describe(result)));
        }

        static Outcome none() {
            return new Outcome("void", null, null, "nothing (void)");
        }

        static Outcome failure(Throwable failure) {
            String code = FastpathExceptionTranslator.serverErrorCode(failure);
            String kind = failure.getClass().getSimpleName() + (code == null ? "" : " " + code);
            return new Outcome("failure", kind, null, kind + ": " + failure.getMessage(), failure.getMessage());
        }
    }

    private static Outcome call(Function<RedisConnection, Object> group, Method method, Object[] arguments, Mode mode) {
        boolean isVoid = method.getReturnType() == void.class;
        try (RedisConnection connection = factory.getConnection()) {
            ParitySamples.load(connection);
            Object commands = group.apply(connection);
            switch (mode) {
                case PLAIN -> {
                    try {
                        Object result = invoke(commands, method, arguments);
                        return isVoid ? Outcome.none() : Outcome.value(result);
                    } catch (RuntimeException failed) {
                        return Outcome.failure(failed);
                    }
                }
                case PIPELINE -> {
                    connection.openPipeline();
                    Object returned;
                    try {
                        returned = invoke(commands, method, arguments);
                    } catch (RuntimeException failed) {
                        connection.closePipeline();
                        return Outcome.failure(failed);
                    }
                    List<Object> results;
                    try {
                        results = connection.closePipeline();
                    } catch (RedisPipelineException failed) {
                        return Outcome.failure((Throwable) failed.getPipelineResult().get(0));
                    }
                    return collected(returned, results, isVoid);
                }
                default -> {
                    connection.multi();
                    Object returned;
                    try {
                        returned = invoke(commands, method, arguments);
                    } catch (RuntimeException failed) {
                        connection.discard();
                        return Outcome.failure(failed);
                    }
                    List<Object> results;
                    try {
                        results = connection.exec();
                    } catch (DataAccessException failed) {
                        return Outcome.failure(failed);
                    }
                    return collected(returned, results, isVoid);
                }
            }
        }
    }

    /** A pipeline's or a transaction's results for one call: the call returned null, and one result (none if void). */
    private static Outcome collected(Object returned, List<Object> results, boolean isVoid) {
        if (returned != null) {
            return new Outcome("returned while queued", normalise(returned, 0), returned.getClass(), "returned " + describe(returned) + " at once");
        }
        if (isVoid) {
            return results.isEmpty() ? Outcome.none() : new Outcome("extra results", results.size(), null, "void, yet results " + describe(results));
        }
        if (results.size() != 1) {
            return new Outcome("results", results.size(), null, results.size() + " results " + describe(results));
        }
        return Outcome.value(results.get(0));
    }

    private static Object invoke(Object commands, Method method, Object[] arguments) {
        try {
            return method.invoke(commands, arguments);
        } catch (InvocationTargetException thrown) {
            if (thrown.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new IllegalStateException(thrown.getCause());
        } catch (IllegalAccessException impossible) {
            throw new IllegalStateException(impossible);
        }
    }

    private static void compare(String signature, Method method, Outcome plain, Outcome other, String how,
                                boolean byTypeOnly, List<String> mismatches) {
        boolean same = plain.kind().equals(other.kind());
        if (same && plain.kind().equals("value")) {
            Class<?> declared = boxed(method.getReturnType());
            boolean typed = (plain.type() == null || declared.isAssignableFrom(plain.type()))
                    && (other.type() == null || declared.isAssignableFrom(other.type()));
            boolean sameType = plain.type() == null || other.type() == null
                    || Collection.class.isAssignableFrom(declared) || Map.class.isAssignableFrom(declared)
                    || plain.type() == other.type();
            same = typed && sameType && (byTypeOnly || Objects.equals(plain.value(), other.value()));
        } else if (same) {
            same = Objects.equals(plain.value(), other.value()) || refusedWhileQueueing(plain, other);
        }
        if (!same) {
            mismatches.add(signature + " " + how + ": " + other.description() + ", plain: " + plain.description());
        }
    }

    /**
     * A command the server refuses as it is queued (an unknown command, a wrong number of arguments) aborts the whole
     * transaction: EXEC fails with EXECABORT, naming the plain call's own error.
     */
    private static boolean refusedWhileQueueing(Outcome plain, Outcome transactional) {
        return plain.kind().equals("failure") && String.valueOf(transactional.value()).endsWith(" EXECABORT")
                && plain.message() != null && transactional.message() != null
                && transactional.message().contains(plain.message().strip());
    }

    /** Whether Fastpath's group declares the method itself (the rest are Spring's default methods over them). */
    private static boolean implementedByFastpath(Function<RedisConnection, Object> group, Method method) {
        try (RedisConnection connection = factory.getConnection()) {
            Method implementation = group.apply(connection).getClass().getMethod(method.getName(), method.getParameterTypes());
            return implementation.getDeclaringClass().getName().startsWith("io.fastpath");
        } catch (NoSuchMethodException | LinkageError olderSpring) {
            return false; // on Spring Data Redis 3.5 the class also declares 4.0's methods, whose types are missing
        }
    }

    /** Byte arrays as text, sets and maps by content, Spring's value types by their fields, so equal data compares equal. */
    private static Object normalise(Object value, int depth) {
        if (value == null || depth > 12) {
            return value;
        }
        if (value instanceof byte[] bytes) {
            return "bytes:" + new String(bytes, StandardCharsets.UTF_8);
        }
        if (value.getClass().isArray()) {
            List<Object> elements = new ArrayList<>();
            for (int i = 0; i < Array.getLength(value); i++) {
                elements.add(normalise(Array.get(value, i), depth + 1));
            }
            return elements;
        }
        if (value instanceof Set<?> set) {
            return List.of("set", set.stream().map(element -> normalise(element, depth + 1)).collect(Collectors.toSet()));
        }
        if (value instanceof Collection<?> collection) {
            return collection.stream().map(element -> normalise(element, depth + 1)).collect(Collectors.toList());
        }
        if (value instanceof Map<?, ?> map) {
            Map<Object, Object> normalised = new HashMap<>();
            map.forEach((key, element) -> normalised.put(normalise(key, depth + 1), normalise(element, depth + 1)));
            return List.of("map", normalised);
        }
        if (value instanceof Map.Entry<?, ?> entry) {
            return List.of("entry", normalise(entry.getKey(), depth + 1), normalise(entry.getValue(), depth + 1));
        }
        if (value instanceof Iterable<?> iterable) { // GeoResults, stream records and the like
            List<Object> elements = new ArrayList<>();
            iterable.forEach(element -> elements.add(normalise(element, depth + 1)));
            return List.of(value.getClass().getSimpleName(), elements, fields(value, depth));
        }
        String className = value.getClass().getName();
        if (className.startsWith("java.") || value instanceof Enum<?>) {
            return value;
        }
        return List.of(value.getClass().getSimpleName(), fields(value, depth));
    }

    private static Map<String, Object> fields(Object value, int depth) {
        Map<String, Object> fields = new TreeMap<>();
        for (Class<?> type = value.getClass(); type != null && type != Object.class; type = type.getSuperclass()) {
            for (Field field : type.getDeclaredFields()) {
                if (Modifier.isStatic(field.getModifiers()) || !field.trySetAccessible()) {
                    continue;
                }
                try {
                    Object fieldValue = field.get(value);
                    fields.put(type.getSimpleName() + "." + field.getName(), fieldValue == value ? "self" : normalise(fieldValue, depth + 1));
                } catch (IllegalAccessException unreadable) {
                    fields.put(field.getName(), "unreadable");
                }
            }
        }
        return fields;
    }

    private static Object describe(Object value) {
        Object normalised = normalise(value, 0);
        String text = String.valueOf(normalised) + (value == null ? "" : " (" + value.getClass().getSimpleName() + ")");
        return text.length() > 300 ? text.substring(0, 300) + "..." : text;
    }

    private static Class<?> boxed(Class<?> type) {
        if (!type.isPrimitive()) {
            return type;
        }
        return type == boolean.class ? Boolean.class : type == long.class ? Long.class : type == int.class ? Integer.class
                : type == double.class ? Double.class : Object.class;
    }

    private static String signature(Method method) {
        return method.getName() + Arrays.stream(method.getParameterTypes()).map(Class::getSimpleName)
                .collect(Collectors.joining(", ", "(", ")"));
    }

    private static List<Method> sorted(Method[] methods) {
        List<Method> list = new ArrayList<>();
        for (Method method : methods) {
            if (!Modifier.isStatic(method.getModifiers())) {
                list.add(method);
            }
        }
        list.sort((a, b) -> signature(a).compareTo(signature(b)));
        return list;
    }
}
