package io.fastpath.command;

import io.fastpath.RedisArgumentException;
import io.fastpath.RedisCodec;
import io.fastpath.internal.command.ArgumentList;
import io.fastpath.internal.command.CommandArguments;
import io.fastpath.internal.command.Converters;
import io.fastpath.internal.views.Views;
import java.util.List;

/**
 * Builds the scripting and function commands. Keys are passed apart from the other arguments (and
 * added as keys, so the command is routed by them); script results are returned as the raw {@link Reply},
 * since a script may return anything.
 */
public interface ScriptCommandBuilder<K, V> {

    RedisCodec<K, V> codec();

    /** EVAL of Lua source; the script's result as sent. */
    default Command<Reply> eval(String source, List<K> keys, List<V> arguments) {
        return withKeysAndArguments("EVAL", requireText("EVAL", "the script", source), keys, arguments)
                .write(Converters.REPLY);
    }

    /** EVAL_RO: like EVAL, for scripts that only read; the server rejects writes (and may run it on a replica). */
    default Command<Reply> evalReadOnly(String source, List<K> keys, List<V> arguments) {
        return withKeysAndArguments("EVAL_RO", requireText("EVAL_RO", "the script", source), keys, arguments)
                .read(Converters.REPLY);
    }

    /** EVALSHA of a script already loaded; fails with {@code NOSCRIPT} when the server does not know it. */
    default Command<Reply> evalSha(String sha1, List<K> keys, List<V> arguments) {
        return withKeysAndArguments("EVALSHA", requireText("EVALSHA", "the SHA1", sha1), keys, arguments)
                .write(Converters.REPLY);
    }

    /** EVALSHA_RO: EVALSHA for scripts that only read. */
    default Command<Reply> evalShaReadOnly(String sha1, List<K> keys, List<V> arguments) {
        return withKeysAndArguments("EVALSHA_RO", requireText("EVALSHA_RO", "the SHA1", sha1), keys, arguments)
                .read(Converters.REPLY);
    }

    /**
     * The first attempt of running a {@link Script}: EVALSHA of its digest. The command APIs' {@code evalScript}
     * sends this and, on {@code NOSCRIPT}, {@link #evalScriptSource} (EVAL, which also loads the script).
     */
    @Views.OnNoScript("evalScriptSource")
    default Command<Reply> evalScript(Script script, List<K> keys, List<V> arguments) {
        return evalSha(CommandArguments.requireNotNull("EVALSHA", "the script", script).sha1(), keys, arguments);
    }

    /** EVAL of a {@link Script}'s source: the fallback of {@code evalScript}. */
    @Views.BuilderOnly
    default Command<Reply> evalScriptSource(Script script, List<K> keys, List<V> arguments) {
        byte[] source = CommandArguments.requireNotNull("EVAL", "the script", script).sourceBytes();
        return withKeysAndArguments("EVAL", source, keys, arguments).write(Converters.REPLY);
    }

    /** SCRIPT LOAD; the script's SHA1 as the server computed it. */
    default Command<String> scriptLoad(String source) {
        return new ArgumentList("SCRIPT LOAD", 3).add(requireText("SCRIPT LOAD", "the script", source))
                .write(Converters.STATUS);
    }

    /** SCRIPT EXISTS; one flag per digest, in order. */
    default Command<List<Boolean>> scriptExists(List<String> sha1s) {
        CommandArguments.requireNotEmpty("SCRIPT EXISTS", sha1s, "SHA1");
        ArgumentList arguments = new ArgumentList("SCRIPT EXISTS", sha1s.size() + 2);
        for (String sha1 : sha1s) {
            arguments.add(sha1);
        }
        return arguments.read(Converters.BOOLEAN_LIST);
    }

    /** SCRIPT FLUSH with the server's default mode. */
    default Command<Void> scriptFlush() {
        return new ArgumentList("SCRIPT FLUSH", 2).write(Converters.OK);
    }

    default Command<Void> scriptFlush(FlushMode mode) {
        return new ArgumentList("SCRIPT FLUSH", 3)
                .keyword(CommandArguments.requireNotNull("SCRIPT FLUSH", "the mode", mode).name()).write(Converters.OK);
    }

    /** FCALL of a function from a loaded library; the function's result as sent. */
    default Command<Reply> fcall(String function, List<K> keys, List<V> arguments) {
        return withKeysAndArguments("FCALL", requireText("FCALL", "the function name", function), keys, arguments)
                .write(Converters.REPLY);
    }

    /** FCALL_RO: FCALL of a function declared with the {@code no-writes} flag. */
    default Command<Reply> fcallReadOnly(String function, List<K> keys, List<V> arguments) {
        return withKeysAndArguments("FCALL_RO", requireText("FCALL_RO", "the function name", function), keys, arguments)
                .read(Converters.REPLY);
    }

    /** FUNCTION LOAD; the library's name. Fails if a library of that name is already loaded. */
    default Command<String> functionLoad(String code) {
        return new ArgumentList("FUNCTION LOAD", 3).add(requireText("FUNCTION LOAD", "the code", code))
                .write(Converters.STATUS);
    }

    /** FUNCTION LOAD REPLACE; the library's name. Replaces a library of that name. */
    default Command<String> functionLoadReplace(String code) {
        return new ArgumentList("FUNCTION LOAD", 4).keyword("REPLACE")
                .add(requireText("FUNCTION LOAD", "the code", code)).write(Converters.STATUS);
    }

    default Command<Void> functionDelete(String library) {
        return new ArgumentList("FUNCTION DELETE", 3).add(requireText("FUNCTION DELETE", "the library name", library))
                .write(Converters.OK);
    }

    /**
     * FUNCTION LIST, as sent: one entry per library, each a map (RESP3) or flat array (RESP2) of
     * {@code library_name}, {@code engine} and {@code functions}.
     */
    default Command<Reply> functionList() {
        return new ArgumentList("FUNCTION LIST", 2).read(Converters.REPLY);
    }

    /** FUNCTION LIST LIBRARYNAME: only the libraries whose name matches the glob-style pattern. */
    default Command<Reply> functionList(String libraryNamePattern) {
        return new ArgumentList("FUNCTION LIST", 4).keyword("LIBRARYNAME")
                .add(requireText("FUNCTION LIST", "the pattern", libraryNamePattern)).read(Converters.REPLY);
    }

    /** FUNCTION FLUSH with the server's default mode: deletes every library. */
    default Command<Void> functionFlush() {
        return new ArgumentList("FUNCTION FLUSH", 2).write(Converters.OK);
    }

    default Command<Void> functionFlush(FlushMode mode) {
        return new ArgumentList("FUNCTION FLUSH", 3)
                .keyword(CommandArguments.requireNotNull("FUNCTION FLUSH", "the mode", mode).name()).write(Converters.OK);
    }

    private ArgumentList withKeysAndArguments(String command, Object scriptOrName, List<K> keys, List<V> arguments) {
        List<K> keyList = keys == null ? List.of() : keys;
        List<V> argumentList = arguments == null ? List.of() : arguments;
        ArgumentList list = new ArgumentList(command, keyList.size() + argumentList.size() + 3);
        if (scriptOrName instanceof byte[] bytes) {
            list.add(bytes);
        } else {
            list.add((String) scriptOrName);
        }
        list.add(keyList.size());
        for (K key : keyList) {
            list.addKey(codec().encodeKey(key));
        }
        for (V argument : argumentList) {
            list.add(codec().encodeValue(argument));
        }
        return list;
    }

    private static String requireText(String command, String what, String text) {
        if (text == null || text.isEmpty()) {
            throw new RedisArgumentException(command + ": " + what + " must not be empty");
        }
        return text;
    }
}
