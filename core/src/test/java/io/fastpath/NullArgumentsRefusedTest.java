package io.fastpath;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.command.CommandBuilder;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Every typed command, given a null for any one of its object parameters (a collection, an array, a key, a value,
 * an options object), fails with a {@link RedisArgumentException} before anything is built, never a raw
 * NullPointerException from inside the builder.
 */
class NullArgumentsRefusedTest {

    @Test
    void everyTypedCommandRefusesANullParameterAsARedisArgumentException() {
        List<String> leaks = new ArrayList<>();
        int checked = 0;
        for (Method method : CommandBuilder.class.getMethods()) {
            if (Modifier.isStatic(method.getModifiers()) || method.getDeclaringClass() == Object.class
                    || method.getName().equals("codec")) {
                continue;
            }
            Parameter[] parameters = method.getParameters();
            for (int nulled = 0; nulled < parameters.length; nulled++) {
                if (parameters[nulled].getType().isPrimitive()) {
                    continue;
                }
                Object[] arguments = new Object[parameters.length];
                for (int i = 0; i < parameters.length; i++) {
                    arguments[i] = i == nulled ? null : sample(parameters[i].getType());
                }
                checked++;
                try {
                    method.invoke(CommandBuilder.UTF8, arguments);
                } catch (InvocationTargetException thrown) {
                    if (!(thrown.getCause() instanceof RedisArgumentException)) {
                        leaks.add(method.getName() + "(" + describe(parameters) + ") with " + parameters[nulled].getName()
                                + " null: " + thrown.getCause());
                    }
                } catch (IllegalAccessException e) {
                    throw new AssertionError(e);
                }
                // A call that accepts the null (an optional argument documented as such) is fine.
            }
        }
        assertThat(checked).isGreaterThan(300);
        assertThat(leaks).isEmpty();
    }

    @Test
    void mgetOfANullListNamesTheParameter() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> CommandBuilder.UTF8.mget((List<String>) null))
                .isInstanceOf(RedisArgumentException.class).hasMessageContaining("MGET").hasMessageContaining("keys");
    }

    private static String describe(Parameter[] parameters) {
        StringBuilder text = new StringBuilder();
        for (Parameter parameter : parameters) {
            text.append(text.length() == 0 ? "" : ", ").append(parameter.getType().getSimpleName());
        }
        return text.toString();
    }

    /** A valid-looking value of each parameter type, so the null under test is what the builder meets. */
    private static Object sample(Class<?> type) {
        if (type == String.class || type == Object.class) {
            return "a";
        }
        if (type == long.class || type == Long.class) {
            return 1L;
        }
        if (type == int.class || type == Integer.class) {
            return 1;
        }
        if (type == double.class || type == Double.class) {
            return 1.0;
        }
        if (type == boolean.class || type == Boolean.class) {
            return false;
        }
        if (type == byte[].class) {
            return new byte[] {'a'};
        }
        if (type.isArray()) {
            Object array = java.lang.reflect.Array.newInstance(type.getComponentType(), 1);
            java.lang.reflect.Array.set(array, 0, sample(type.getComponentType()));
            return array;
        }
        if (type == List.class || type == Collection.class) {
            return List.of("a");
        }
        if (type == Set.class) {
            return Set.of("a");
        }
        if (type == Map.class) {
            return Map.of("a", "b");
        }
        if (type == Duration.class) {
            return Duration.ofSeconds(1);
        }
        if (type == java.time.Instant.class) {
            return java.time.Instant.ofEpochSecond(1_900_000_000);
        }
        if (type.isEnum()) {
            return type.getEnumConstants()[0];
        }
        for (String factory : new String[] {"none", "defaults", "of", "all", "unbounded"}) {
            try {
                Method make = type.getMethod(factory);
                if (Modifier.isStatic(make.getModifiers())) {
                    return make.invoke(null);
                }
            } catch (ReflectiveOperationException notThisOne) {
                // try the next factory name
            }
        }
        return null;
    }
}
