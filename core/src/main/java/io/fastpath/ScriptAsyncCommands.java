package io.fastpath;

import java.util.List;
import java.util.concurrent.CompletableFuture;

/** Scripts and functions, asynchronously. See {@link ScriptCommandBuilder} for each command's reply. */
public interface ScriptAsyncCommands<K, V> extends AsyncDispatcher<K, V> {

    /**
     * Runs a {@link Script}: EVALSHA, and when the server answers {@code NOSCRIPT} (never loaded, or
     * flushed since), EVAL, which also loads it for next time. Other failures complete the future as they are.
     */
    default CompletableFuture<Reply> evalScript(Script script, List<K> keys, List<V> arguments) {
        return dispatch(commands().evalScript(script, keys, arguments)).exceptionallyCompose(failure ->
                ScriptFallback.isNoScript(failure)
                        ? dispatch(commands().evalScriptSource(script, keys, arguments))
                        : CompletableFuture.failedFuture(ScriptFallback.unwrap(failure)));
    }

    default CompletableFuture<Reply> eval(String source, List<K> keys, List<V> arguments) {
        return dispatch(commands().eval(source, keys, arguments));
    }

    default CompletableFuture<Reply> evalReadOnly(String source, List<K> keys, List<V> arguments) {
        return dispatch(commands().evalReadOnly(source, keys, arguments));
    }

    default CompletableFuture<Reply> evalSha(String sha1, List<K> keys, List<V> arguments) {
        return dispatch(commands().evalSha(sha1, keys, arguments));
    }

    default CompletableFuture<Reply> evalShaReadOnly(String sha1, List<K> keys, List<V> arguments) {
        return dispatch(commands().evalShaReadOnly(sha1, keys, arguments));
    }

    default CompletableFuture<String> scriptLoad(String source) {
        return dispatch(commands().scriptLoad(source));
    }

    default CompletableFuture<List<Boolean>> scriptExists(List<String> sha1s) {
        return dispatch(commands().scriptExists(sha1s));
    }

    default CompletableFuture<Void> scriptFlush() {
        return dispatch(commands().scriptFlush());
    }

    default CompletableFuture<Void> scriptFlush(FlushMode mode) {
        return dispatch(commands().scriptFlush(mode));
    }

    default CompletableFuture<Reply> fcall(String function, List<K> keys, List<V> arguments) {
        return dispatch(commands().fcall(function, keys, arguments));
    }

    default CompletableFuture<Reply> fcallReadOnly(String function, List<K> keys, List<V> arguments) {
        return dispatch(commands().fcallReadOnly(function, keys, arguments));
    }

    default CompletableFuture<String> functionLoad(String code) {
        return dispatch(commands().functionLoad(code));
    }

    default CompletableFuture<String> functionLoadReplace(String code) {
        return dispatch(commands().functionLoadReplace(code));
    }

    default CompletableFuture<Void> functionDelete(String library) {
        return dispatch(commands().functionDelete(library));
    }

    default CompletableFuture<Reply> functionList() {
        return dispatch(commands().functionList());
    }

    default CompletableFuture<Reply> functionList(String libraryNamePattern) {
        return dispatch(commands().functionList(libraryNamePattern));
    }

    default CompletableFuture<Void> functionFlush() {
        return dispatch(commands().functionFlush());
    }

    default CompletableFuture<Void> functionFlush(FlushMode mode) {
        return dispatch(commands().functionFlush(mode));
    }
}
