package io.fastpath;

import io.fastpath.command.Command;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * Test plumbing: an async view seen as a blocking one, so one test body runs every command through the generated
 * async methods too. Each blocking method calls the async method of the same name and parameters and waits for its
 * future; {@code execute} is {@code dispatch}; the scan iterables (no async twin) run their default body, whose
 * pages then go through {@code dispatch}. A failure is the future's own exception, unwrapped.
 */
final class AsyncAsBlocking implements InvocationHandler {
    private final RedisAsyncCommands<?, ?> async;

    private AsyncAsBlocking(RedisAsyncCommands<?, ?> async) {
        this.async = async;
    }

    @SuppressWarnings("unchecked")
    static <K, V> RedisCommands<K, V> of(RedisAsyncCommands<K, V> async) {
        return (RedisCommands<K, V>) Proxy.newProxyInstance(RedisCommands.class.getClassLoader(),
                new Class<?>[] {RedisCommands.class}, new AsyncAsBlocking(async));
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
        switch (method.getName()) {
            case "execute" -> {
                return await(async.dispatch((Command<?>) args[0]));
            }
            case "async" -> {
                return async;
            }
            case "withTimeout" -> {
                return of(async.withTimeout((java.time.Duration) args[0]));
            }
            case "toString" -> {
                return "AsyncAsBlocking[" + async + "]";
            }
            case "hashCode" -> {
                return System.identityHashCode(proxy);
            }
            case "equals" -> {
                return proxy == args[0];
            }
            default -> { }
        }
        Method twin;
        try {
            twin = RedisAsyncCommands.class.getMethod(method.getName(), method.getParameterTypes());
        } catch (NoSuchMethodException none) {
            return InvocationHandler.invokeDefault(proxy, method, args); // the scan iterables: paged through execute
        }
        Object result;
        try {
            result = twin.invoke(async, args);
        } catch (InvocationTargetException refused) {
            throw refused.getCause(); // refused while building, before anything was sent
        }
        return result instanceof CompletableFuture<?> future ? await(future) : result;
    }

    private static Object await(CompletableFuture<?> future) throws Throwable {
        try {
            return future.get(30, TimeUnit.SECONDS);
        } catch (ExecutionException | CompletionException failed) {
            throw failed.getCause();
        }
    }
}
