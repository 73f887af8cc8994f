package io.fastpath;

import java.util.List;

/** Scripts and functions, blocking. See {@link ScriptCommandBuilder} for each command's reply. */
public interface ScriptCommands<K, V> extends SyncDispatcher<K, V> {

    /**
     * Runs a {@link Script}: EVALSHA, and when the server answers {@code NOSCRIPT} (never loaded, or
     * flushed since), EVAL, which also loads it for next time.
     */
    default Reply evalScript(Script script, List<K> keys, List<V> arguments) {
        try {
            return execute(commands().evalScript(script, keys, arguments));
        } catch (RedisServerException e) {
            if (!ScriptFallback.isNoScript(e)) {
                throw e;
            }
            return execute(commands().evalScriptSource(script, keys, arguments));
        }
    }

    default Reply eval(String source, List<K> keys, List<V> arguments) {
        return execute(commands().eval(source, keys, arguments));
    }

    default Reply evalReadOnly(String source, List<K> keys, List<V> arguments) {
        return execute(commands().evalReadOnly(source, keys, arguments));
    }

    default Reply evalSha(String sha1, List<K> keys, List<V> arguments) {
        return execute(commands().evalSha(sha1, keys, arguments));
    }

    default Reply evalShaReadOnly(String sha1, List<K> keys, List<V> arguments) {
        return execute(commands().evalShaReadOnly(sha1, keys, arguments));
    }

    default String scriptLoad(String source) {
        return execute(commands().scriptLoad(source));
    }

    default List<Boolean> scriptExists(List<String> sha1s) {
        return execute(commands().scriptExists(sha1s));
    }

    default void scriptFlush() {
        execute(commands().scriptFlush());
    }

    default void scriptFlush(FlushMode mode) {
        execute(commands().scriptFlush(mode));
    }

    default Reply fcall(String function, List<K> keys, List<V> arguments) {
        return execute(commands().fcall(function, keys, arguments));
    }

    default Reply fcallReadOnly(String function, List<K> keys, List<V> arguments) {
        return execute(commands().fcallReadOnly(function, keys, arguments));
    }

    default String functionLoad(String code) {
        return execute(commands().functionLoad(code));
    }

    default String functionLoadReplace(String code) {
        return execute(commands().functionLoadReplace(code));
    }

    default void functionDelete(String library) {
        execute(commands().functionDelete(library));
    }

    default Reply functionList() {
        return execute(commands().functionList());
    }

    default Reply functionList(String libraryNamePattern) {
        return execute(commands().functionList(libraryNamePattern));
    }

    default void functionFlush() {
        execute(commands().functionFlush());
    }

    default void functionFlush(FlushMode mode) {
        execute(commands().functionFlush(mode));
    }
}
