package io.fastpath.apigen;

import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The public API of compiled classes as text, one line per type and member, sorted, so two versions compare as text
 * and a change shows as a diff: every public or protected type, field, constructor and method with its modifiers
 * and generic signature. Declared members only, like japicmp's view of a class.
 */
final class ApiSignature {
    private ApiSignature() {}

    /** The API of {@code types} (public ones; others are skipped), sorted by type name. */
    static String render(List<Class<?>> types) {
        StringBuilder text = new StringBuilder();
        types.stream().filter(ApiSignature::isApi).sorted((a, b) -> a.getName().compareTo(b.getName()))
                .forEach(type -> render(type, text));
        return text.toString();
    }

    private static boolean isApi(Class<?> type) {
        if (type.isSynthetic() || type.isAnonymousClass() || type.isLocalClass()) {
            return false;
        }
        for (Class<?> enclosing = type; enclosing != null; enclosing = enclosing.getDeclaringClass()) {
            if (!Modifier.isPublic(enclosing.getModifiers()) && !Modifier.isProtected(enclosing.getModifiers())) {
                return false;
            }
        }
        return true;
    }

    private static void render(Class<?> type, StringBuilder text) {
        text.append(typeLine(type)).append('\n');
        List<String> members = new ArrayList<>();
        for (Field field : type.getDeclaredFields()) {
            if (visible(field.getModifiers()) && !field.isSynthetic()) {
                members.add(modifiers(field.getModifiers()) + field.getGenericType().getTypeName() + " " + field.getName());
            }
        }
        for (Constructor<?> constructor : type.getDeclaredConstructors()) {
            if (visible(constructor.getModifiers()) && !constructor.isSynthetic()) {
                members.add(modifiers(constructor.getModifiers()) + typeParameters(constructor.getTypeParameters())
                        + type.getSimpleName() + parameters(constructor) + exceptions(constructor));
            }
        }
        for (Method method : type.getDeclaredMethods()) {
            if (visible(method.getModifiers()) && !method.isSynthetic() && !method.isBridge()) {
                String modifiers = modifiers(method.getModifiers() & ~(type.isInterface() ? Modifier.ABSTRACT : 0));
                members.add((method.isDefault() ? modifiers + "default " : modifiers) + typeParameters(method.getTypeParameters())
                        + method.getGenericReturnType().getTypeName() + " " + method.getName() + parameters(method) + exceptions(method));
            }
        }
        members.stream().sorted().forEach(member -> text.append("  ").append(member).append('\n'));
    }

    private static String typeLine(Class<?> type) {
        int modifiers = type.getModifiers();
        String kind;
        if (type.isAnnotation()) {
            kind = "@interface";
            modifiers &= ~(Modifier.ABSTRACT | Modifier.INTERFACE);
        } else if (type.isInterface()) {
            kind = "interface";
            modifiers &= ~(Modifier.ABSTRACT | Modifier.INTERFACE);
        } else if (type.isEnum()) {
            kind = "enum";
            modifiers &= ~(Modifier.FINAL | Modifier.ABSTRACT);
        } else if (type.isRecord()) {
            kind = "record";
            modifiers &= ~Modifier.FINAL;
        } else {
            kind = "class";
        }
        StringBuilder line = new StringBuilder(modifiers(modifiers));
        if (type.isSealed()) {
            line.append("sealed ");
        }
        line.append(kind).append(' ').append(type.getName()).append(typeParameters(type.getTypeParameters()).stripTrailing());
        Type superclass = type.getGenericSuperclass();
        if (superclass != null && superclass != Object.class && !type.isEnum() && !type.isRecord()) {
            line.append(" extends ").append(superclass.getTypeName());
        }
        Type[] interfaces = type.getGenericInterfaces();
        if (interfaces.length > 0 && !type.isAnnotation()) {
            line.append(type.isInterface() ? " extends " : " implements ")
                    .append(Arrays.stream(interfaces).map(Type::getTypeName).collect(Collectors.joining(", ")));
        }
        if (type.isSealed()) {
            line.append(" permits ").append(Arrays.stream(type.getPermittedSubclasses()).map(Class::getName).sorted()
                    .collect(Collectors.joining(", ")));
        }
        return line.toString();
    }

    private static boolean visible(int modifiers) {
        return Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers);
    }

    private static String modifiers(int modifiers) {
        String text = Modifier.toString(modifiers & (Modifier.PUBLIC | Modifier.PROTECTED | Modifier.STATIC | Modifier.FINAL
                | Modifier.ABSTRACT));
        return text.isEmpty() ? "" : text + " ";
    }

    private static String typeParameters(TypeVariable<?>[] variables) {
        if (variables.length == 0) {
            return "";
        }
        return Arrays.stream(variables).map(variable -> {
            List<String> bounds = Arrays.stream(variable.getBounds()).map(Type::getTypeName)
                    .filter(bound -> !bound.equals("java.lang.Object")).toList();
            return bounds.isEmpty() ? variable.getName() : variable.getName() + " extends " + String.join(" & ", bounds);
        }).collect(Collectors.joining(", ", "<", "> "));
    }

    private static String parameters(Executable executable) {
        Type[] types = executable.getGenericParameterTypes();
        List<String> names = new ArrayList<>();
        for (int i = 0; i < types.length; i++) {
            String name = types[i].getTypeName();
            if (executable.isVarArgs() && i == types.length - 1) {
                name = name.substring(0, name.length() - 2) + "...";
            }
            names.add(name);
        }
        return names.stream().collect(Collectors.joining(", ", "(", ")"));
    }

    private static String exceptions(Executable executable) {
        Type[] thrown = executable.getGenericExceptionTypes();
        return thrown.length == 0 ? ""
                : " throws " + Arrays.stream(thrown).map(Type::getTypeName).collect(Collectors.joining(", "));
    }
}
