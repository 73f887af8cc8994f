package io.fastpath;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.command.BitFieldArgs;
import io.fastpath.command.BitOperation;
import io.fastpath.command.BitmapAsyncCommands;
import io.fastpath.command.BitmapCommands;
import io.fastpath.command.BlockingAsyncCommands;
import io.fastpath.command.BlockingCommands;
import io.fastpath.command.Command;
import io.fastpath.command.CommandBuilder;
import io.fastpath.command.GeoAddArgs;
import io.fastpath.command.GeoAsyncCommands;
import io.fastpath.command.GeoCommands;
import io.fastpath.command.GeoMember;
import io.fastpath.command.GeoSearch;
import io.fastpath.command.GeoUnit;
import io.fastpath.command.GetExArgs;
import io.fastpath.command.HashAsyncCommands;
import io.fastpath.command.HashCommands;
import io.fastpath.command.HyperLogLogAsyncCommands;
import io.fastpath.command.HyperLogLogCommands;
import io.fastpath.command.KeyAsyncCommands;
import io.fastpath.command.KeyCommands;
import io.fastpath.command.LPosArgs;
import io.fastpath.command.ListAsyncCommands;
import io.fastpath.command.ListCommands;
import io.fastpath.command.PendingRange;
import io.fastpath.command.PubSubAsyncCommands;
import io.fastpath.command.PubSubCommands;
import io.fastpath.command.ScanArgs;
import io.fastpath.command.ScanPage;
import io.fastpath.command.ScoreRange;
import io.fastpath.command.ScoredValue;
import io.fastpath.command.Script;
import io.fastpath.command.ScriptAsyncCommands;
import io.fastpath.command.ScriptCommands;
import io.fastpath.command.ServerAsyncCommands;
import io.fastpath.command.ServerCommands;
import io.fastpath.command.SetArgs;
import io.fastpath.command.SetAsyncCommands;
import io.fastpath.command.SetCommands;
import io.fastpath.command.SortedSetAsyncCommands;
import io.fastpath.command.SortedSetCommands;
import io.fastpath.command.StreamAsyncCommands;
import io.fastpath.command.StreamCommands;
import io.fastpath.command.StreamGroupAsyncCommands;
import io.fastpath.command.StreamGroupCommands;
import io.fastpath.command.StreamOffset;
import io.fastpath.command.StreamReadArgs;
import io.fastpath.command.StreamTrim;
import io.fastpath.command.StringAsyncCommands;
import io.fastpath.command.StringCommands;
import io.fastpath.command.XAddArgs;
import io.fastpath.command.ZAddArgs;
import io.fastpath.command.ZRangeQuery;
import io.fastpath.command.ZStoreArgs;
import io.fastpath.internal.command.CommandSpec;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Proxy;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * Checks what fastpath-apigen generated from the builders: the blocking and async views expose the same commands,
 * and each only sends what the {@link CommandBuilder} method of the same name builds (apigen's own tests pin the
 * generator's rules on source text; this one runs the compiled views).
 */
class SyncAndAsyncApisMatchTest {

    private static final List<Class<?>[]> GROUPS = List.of(
            new Class<?>[] {StringCommands.class, StringAsyncCommands.class},
            new Class<?>[] {ServerCommands.class, ServerAsyncCommands.class},
            new Class<?>[] {KeyCommands.class, KeyAsyncCommands.class},
            new Class<?>[] {HashCommands.class, HashAsyncCommands.class},
            new Class<?>[] {ListCommands.class, ListAsyncCommands.class},
            new Class<?>[] {SetCommands.class, SetAsyncCommands.class},
            new Class<?>[] {SortedSetCommands.class, SortedSetAsyncCommands.class},
            new Class<?>[] {ScriptCommands.class, ScriptAsyncCommands.class},
            new Class<?>[] {StreamCommands.class, StreamAsyncCommands.class},
            new Class<?>[] {StreamGroupCommands.class, StreamGroupAsyncCommands.class},
            new Class<?>[] {BitmapCommands.class, BitmapAsyncCommands.class},
            new Class<?>[] {HyperLogLogCommands.class, HyperLogLogAsyncCommands.class},
            new Class<?>[] {GeoCommands.class, GeoAsyncCommands.class},
            new Class<?>[] {PubSubCommands.class, PubSubAsyncCommands.class},
            new Class<?>[] {BlockingCommands.class, BlockingAsyncCommands.class});

    /** {@code send} is the one command method whose builder method has another name. */
    private static final Map<String, String> BUILDER_NAMES = Map.of("send", "command");

    @Test
    void everyBlockingCommandHasAnAsyncTwinReturningAFutureOfTheBoxedType() throws Exception {
        int checked = 0;
        for (Class<?>[] group : GROUPS) {
            for (Method blocking : commandMethods(group[0])) {
                if (isScanIterator(blocking)) {
                    continue;
                }
                Method async = group[1].getDeclaredMethod(blocking.getName(), blocking.getParameterTypes());
                assertThat(async.getGenericReturnType().getTypeName())
                        .as(group[1].getSimpleName() + "." + async.getName())
                        .isEqualTo(CompletableFuture.class.getName() + "<" + boxedName(blocking.getGenericReturnType()) + ">");
                checked++;
            }
        }
        assertThat(checked).isGreaterThan(150);
    }

    @Test
    void everyAsyncCommandHasABlockingTwinReturningTheUnwrappedType() throws Exception {
        for (Class<?>[] group : GROUPS) {
            for (Method async : commandMethods(group[1])) {
                Method blocking = group[0].getDeclaredMethod(async.getName(), async.getParameterTypes());
                assertThat(async.getGenericReturnType().getTypeName())
                        .as(group[0].getSimpleName() + "." + blocking.getName())
                        .isEqualTo(CompletableFuture.class.getName() + "<" + boxedName(blocking.getGenericReturnType()) + ">");
            }
        }
    }

    @Test
    void everyBlockingScanIteratorHasAPageMethodOnBothApis() {
        List<String> iterators = new ArrayList<>();
        for (Class<?>[] group : GROUPS) {
            for (Method blocking : commandMethods(group[0])) {
                if (isScanIterator(blocking)) {
                    iterators.add(blocking.getName());
                    String page = blocking.getName() + "Page";
                    assertThat(Arrays.stream(group[0].getDeclaredMethods()).anyMatch(m -> m.getName().equals(page))).isTrue();
                    assertThat(Arrays.stream(group[1].getDeclaredMethods()).anyMatch(m -> m.getName().equals(page))).isTrue();
                }
            }
        }
        assertThat(iterators).containsExactlyInAnyOrder("scan", "hscan", "sscan", "zscan");
    }

    @Test
    void everyCommandMethodSendsExactlyWhatTheSameNamedBuilderMethodBuilds() throws Throwable {
        int checked = 0;
        for (Class<?>[] group : GROUPS) {
            for (Class<?> api : group) {
                for (Method method : commandMethods(api)) {
                    if (isScanIterator(method)) {
                        continue;
                    }
                    Object[] arguments = sampleArguments(method);
                    CommandSpec<?> sent = sentBy(api, method, arguments);
                    Method builderMethod = CommandBuilder.class.getMethod(
                            BUILDER_NAMES.getOrDefault(method.getName(), method.getName()), method.getParameterTypes());
                    CommandSpec<?> built = (CommandSpec<?>) builderMethod.invoke(CommandBuilder.UTF8, arguments);
                    String description = api.getSimpleName() + "." + method.getName() + Arrays.toString(method.getParameterTypes());
                    assertThat(sent.name()).as(description).isEqualTo(built.name());
                    assertThat(sent.args()).as(description).isDeepEqualTo(built.args());
                    assertThat(sent.readOnly()).as(description).isEqualTo(built.readOnly());
                    checked++;
                }
            }
        }
        assertThat(checked).isGreaterThan(300);
    }

    @Test
    void blockingScanIteratorsFetchPagesBuiltByThePageCommands() throws Throwable {
        List<CommandSpec<?>> sent = new ArrayList<>();
        KeyCommands<String, String> keys = recordingBlockingApi(KeyCommands.class, sent,
                new ScanPage<>("0", List.of("a", "b")));
        List<String> seen = new ArrayList<>();
        keys.scan(ScanArgs.none().match("a*")).forEach(seen::add);
        assertThat(seen).containsExactly("a", "b");
        assertThat(sent).hasSize(1);
        assertThat(sent.get(0).args()).isDeepEqualTo(
                ((CommandSpec<?>) CommandBuilder.UTF8.scanPage("0", ScanArgs.none().match("a*"))).args());
    }

    private static List<Method> commandMethods(Class<?> api) {
        return Arrays.stream(api.getDeclaredMethods())
                .filter(m -> Modifier.isPublic(m.getModifiers()) && !Modifier.isStatic(m.getModifiers()) && !m.isSynthetic())
                .toList();
    }

    private static boolean isScanIterator(Method method) {
        return method.getReturnType() == Iterable.class;
    }

    private static String boxedName(Type type) {
        if (type instanceof Class<?> simple && simple.isPrimitive()) {
            return switch (simple.getName()) {
                case "long" -> Long.class.getName();
                case "boolean" -> Boolean.class.getName();
                case "double" -> Double.class.getName();
                case "void" -> Void.class.getName();
                default -> throw new AssertionError("unexpected primitive return type " + simple);
            };
        }
        return type.getTypeName();
    }

    /** Calls the API method on a proxy whose dispatcher records the command instead of sending it. */
    private static CommandSpec<?> sentBy(Class<?> api, Method method, Object[] arguments) throws Throwable {
        List<CommandSpec<?>> sent = new ArrayList<>();
        Object result = primitiveDefault(method.getReturnType());
        Object proxy = api.getSimpleName().contains("Async")
                ? recordingProxy(api, sent, CompletableFuture.completedFuture(null))
                : recordingProxy(api, sent, result);
        method.invoke(proxy, arguments);
        assertThat(sent).as(api.getSimpleName() + "." + method.getName() + " sends one command").hasSize(1);
        return sent.get(0);
    }

    @SuppressWarnings("unchecked")
    private static <T> T recordingBlockingApi(Class<?> api, List<CommandSpec<?>> sent, Object result) {
        return (T) recordingProxy(api, sent, result);
    }

    private static Object recordingProxy(Class<?> api, List<CommandSpec<?>> sent, Object result) {
        InvocationHandler handler = (proxy, method, arguments) -> {
            switch (method.getName()) {
                case "commands" -> {
                    return CommandBuilder.UTF8;
                }
                case "execute", "dispatch" -> {
                    if (method.getParameterCount() == 1 && method.getParameterTypes()[0] == Command.class) {
                        sent.add((CommandSpec<?>) arguments[0]);
                        return result;
                    }
                }
                default -> { }
            }
            if (method.isDefault()) {
                return InvocationHandler.invokeDefault(proxy, method, arguments);
            }
            throw new AssertionError("unexpected call to " + method);
        };
        return Proxy.newProxyInstance(api.getClassLoader(), new Class<?>[] {api}, handler);
    }

    private static Object primitiveDefault(Class<?> type) {
        if (type == long.class) {
            return 0L;
        }
        if (type == boolean.class) {
            return false;
        }
        if (type == double.class) {
            return 0.0;
        }
        return null;
    }

    /** Valid sample arguments for a command method (shared with TypedCommandCoverageIT). */
    static Object[] sampleArguments(Method method) {
        Type[] types = method.getGenericParameterTypes();
        Object[] arguments = new Object[types.length];
        for (int i = 0; i < types.length; i++) {
            arguments[i] = sample(types[i], method);
        }
        return arguments;
    }

    /** A valid argument for each parameter type the command APIs use. */
    private static Object sample(Type type, Method method) {
        if (type instanceof TypeVariable<?>) {
            return "member";
        }
        if (type instanceof GenericArrayType) {
            return new String[] {"first", "second"};
        }
        if (type instanceof ParameterizedType parameterized) {
            Type[] elements = parameterized.getActualTypeArguments();
            if (parameterized.getRawType() == List.class) {
                return List.of(sample(elements[0], method), sample(elements[0], method));
            }
            if (parameterized.getRawType() == Map.class) {
                return Map.of(sample(elements[0], method), sample(elements[1], method));
            }
            if (parameterized.getRawType() == ScoredValue.class) {
                return new ScoredValue<>("member", 1.5);
            }
            if (parameterized.getRawType() == StreamOffset.class) {
                return StreamOffset.undelivered("stream");
            }
            if (parameterized.getRawType() == GeoMember.class) {
                return GeoMember.of("member", 13.4, 52.5);
            }
            if (parameterized.getRawType() == GeoSearch.class) {
                return GeoSearch.fromMember("member").byBox(2, 3, GeoUnit.KM).descending().countAny(5);
            }
            if (parameterized.getRawType() == ZRangeQuery.class) {
                return ZRangeQuery.byScore(ScoreRange.greaterThan(1)).reversed().limit(1, 2);
            }
        }
        if (type == long.class) {
            return 2L;
        }
        if (type == double.class) {
            return 2.5;
        }
        if (type == boolean.class) {
            return true;
        }
        if (type == Double.class) {
            return 3.5;
        }
        if (type == String.class) {
            return method.getName().endsWith("Page") ? "17" : "server";
        }
        if (type == Object[].class) {
            return new Object[] {"PING"};
        }
        if (type == BitOperation.class) {
            return BitOperation.XOR; // the last constant, NOT, takes one source where the sample list has two
        }
        if (type instanceof Class<?> enumType && enumType.isEnum()) {
            Object[] constants = enumType.getEnumConstants();
            return constants[constants.length - 1];
        }
        if (type == SetArgs.class) {
            return SetArgs.ex(10).nx();
        }
        if (type == GetExArgs.class) {
            return GetExArgs.px(500);
        }
        if (type == ScanArgs.class) {
            return ScanArgs.none().match("prefix:*").count(50);
        }
        if (type == LPosArgs.class) {
            return LPosArgs.none().rank(-1).maxLength(10);
        }
        if (type == ZAddArgs.class) {
            return ZAddArgs.none().xx().gt().ch();
        }
        if (type == ZStoreArgs.class) {
            return ZStoreArgs.none().weights(1, 2).aggregate(ZStoreArgs.Aggregate.MAX);
        }
        if (type == XAddArgs.class) {
            return XAddArgs.none().id("5-1").noMakeStream().trim(StreamTrim.maxLength(100).approximate().limit(10));
        }
        if (type == StreamTrim.class) {
            return StreamTrim.minId("7-0");
        }
        if (type == StreamReadArgs.class) {
            return StreamReadArgs.none().count(5);
        }
        if (type == PendingRange.class) {
            return PendingRange.all(10).minIdle(java.time.Duration.ofMillis(500)).consumer("consumer");
        }
        if (type == BitFieldArgs.class) {
            return BitFieldArgs.none().overflow(BitFieldArgs.Overflow.FAIL).incrBy("u8", 0, 10).getAtIndex("i16", 2);
        }
        if (type == GeoAddArgs.class) {
            return GeoAddArgs.none().xx().ch();
        }
        if (type == Script.class) {
            return Script.of("return 1");
        }
        if (type == java.time.Duration.class) {
            return java.time.Duration.ofMillis(1500);
        }
        if (type == java.time.Instant.class) {
            return java.time.Instant.ofEpochSecond(1_900_000_000);
        }
        if (type == ScoreRange.class) {
            return ScoreRange.of(1, true, Double.POSITIVE_INFINITY, false);
        }
        throw new AssertionError("no sample argument for " + type + " in " + method + "; add one to this test");
    }
}
