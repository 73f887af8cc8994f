package io.fastpath.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.RedisClient;
import io.fastpath.testkit.RedisServerExtension;
import java.lang.reflect.AnnotatedArrayType;
import java.lang.reflect.AnnotatedType;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.jspecify.annotations.NonNull;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.data.redis.connection.RedisConnection;

/**
 * Spring's command interfaces mark each parameter that must not be null ({@code @NonNull}, JSpecify) and Spring's
 * drivers check them before sending ({@code Assert.notNull}: {@link IllegalArgumentException}). Every such parameter of
 * every method the factory implements (Spring's default methods over them behave alike on every driver), read by
 * reflection, is passed null here (the other arguments from {@link ParitySamples}), and so is
 * each element of a {@code @NonNull}-element array: the factory must throw {@link IllegalArgumentException} before
 * anything reaches the server, so a method Spring adds is checked without a case of its own.
 */
class NullArgumentChecksIT {
    @RegisterExtension
    static final RedisServerExtension SERVER = RedisServerExtension.standalone();

    /**
     * Methods refused whatever their arguments (see PipelineTransactionParityIT) or not run against the test server;
     * subscribe and pSubscribe are checked (their arguments are checked first), but never called with all valid.
     */
    private static final List<String> NOT_CHECKED = List.of("setClientName", "shutdown", "replicaOf", "migrate", "killClient");

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
    void everyNonNullParameterOfSpringsCommandInterfacesRefusesNullWithIllegalArgumentException() {
        List<String> unchecked = new ArrayList<>();
        int checks = 0;
        try (RedisConnection connection = factory.getConnection()) {
            ParitySamples.load(connection);
            byte[] dump = connection.keyCommands().dump(ParitySamples.bytes("string"));
            for (Map.Entry<Class<?>, Function<RedisConnection, Object>> group : PipelineTransactionParityIT.groups().entrySet()) {
                ParitySamples samples = ParitySamples.of(group.getKey(), dump);
                Object commands = group.getValue().apply(connection);
                for (Method method : group.getKey().getMethods()) {
                    if (Modifier.isStatic(method.getModifiers()) || NOT_CHECKED.contains(method.getName())
                            || !declaredByFastpath(commands, method)) {
                        continue; // a default method of Spring's interface behaves alike on every driver
                    }
                    Parameter[] parameters = method.getParameters();
                    for (int i = 0; i < parameters.length; i++) {
                        AnnotatedType type = parameters[i].getAnnotatedType();
                        if (type.isAnnotationPresent(NonNull.class)) {
                            Object[] arguments = samples.arguments(method);
                            arguments[i] = null;
                            checks++;
                            refused(commands, method, arguments, parameters[i].getName() + " = null", unchecked);
                        }
                        if (type instanceof AnnotatedArrayType array && array.getAnnotatedGenericComponentType().isAnnotationPresent(NonNull.class)) {
                            Object[] arguments = samples.arguments(method);
                            Object[] elements = ((Object[]) arguments[i]).clone();
                            elements[elements.length - 1] = null;
                            arguments[i] = elements;
                            checks++;
                            refused(commands, method, arguments, "a null element in " + parameters[i].getName(), unchecked);
                        }
                    }
                }
            }
        }
        System.out.printf("null-argument checks: %d made%n", checks);
        assertThat(checks).as("@NonNull parameters found (Spring Data Redis 4.0 marks them with JSpecify)").isGreaterThan(400);
        assertThat(unchecked).as("calls Spring's drivers refuse with IllegalArgumentException").isEmpty();
    }

    private static boolean declaredByFastpath(Object commands, Method method) {
        try {
            return commands.getClass().getMethod(method.getName(), method.getParameterTypes()).getDeclaringClass()
                    .getName().startsWith("io.fastpath");
        } catch (NoSuchMethodException impossible) {
            return false;
        }
    }

    private static void refused(Object commands, Method method, Object[] arguments, String what, List<String> unchecked) {
        String call = method.getDeclaringClass().getSimpleName() + "." + method.getName() + " with " + what;
        try {
            method.invoke(commands, arguments);
            unchecked.add(call + ": accepted");
        } catch (InvocationTargetException thrown) {
            if (!(thrown.getCause() instanceof IllegalArgumentException)) {
                unchecked.add(call + ": " + thrown.getCause());
            }
        } catch (IllegalAccessException impossible) {
            throw new IllegalStateException(impossible);
        }
    }
}
