package io.fastpath.spring;

import static io.fastpath.spring.FastpathConnection.command;

import io.fastpath.command.Reply;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Function;
import org.springframework.data.redis.connection.RedisScriptingCommands;
import org.springframework.data.redis.connection.ReturnType;

/** EVAL, EVALSHA and SCRIPT; on a cluster Fastpath sends SCRIPT LOAD/FLUSH to every node and EVAL by its keys' slot. */
final class FastpathScriptingCommands implements RedisScriptingCommands {
    private final FastpathConnection connection;

    FastpathScriptingCommands(FastpathConnection connection) {
        this.connection = connection;
    }

    @Override
    public void scriptFlush() {
        connection.invokeStatus(command("SCRIPT", "FLUSH"));
    }

    @Override
    public void scriptKill() {
        if (connection.isQueueing()) { // EXEC could not run while the server runs the script to kill
            throw new org.springframework.dao.InvalidDataAccessApiUsageException("Script kill not permitted in a transaction");
        }
        connection.invokeStatus(command("SCRIPT", "KILL"));
    }

    @Override
    public String scriptLoad(byte[] script) {
        return connection.invoke(command("SCRIPT", "LOAD", script), Replies::toText);
    }

    @Override
    public List<Boolean> scriptExists(String... scriptShas) {
        return connection.invoke(new Words("SCRIPT", "EXISTS").add((Object[]) scriptShas).build(), Replies::toBooleanList);
    }

    @Override
    public <T> T eval(byte[] script, ReturnType returnType, int numKeys, byte[]... keysAndArgs) {
        Arguments.notNull(returnType, "ReturnType");
        return connection.invoke(new Words("EVAL", script, numKeys).add((Object[]) keysAndArgs).build(), as(returnType));
    }

    @Override
    public <T> T evalSha(String scriptSha, ReturnType returnType, int numKeys, byte[]... keysAndArgs) {
        Arguments.notNull(returnType, "ReturnType");
        return connection.invoke(new Words("EVALSHA", scriptSha, numKeys).add((Object[]) keysAndArgs).build(), as(returnType));
    }

    @Override
    public <T> T evalSha(byte[] scriptSha, ReturnType returnType, int numKeys, byte[]... keysAndArgs) {
        Arguments.notNull(returnType, "ReturnType");
        Arguments.notNull(scriptSha, "ScriptSha");
        return evalSha(new String(scriptSha, StandardCharsets.US_ASCII), returnType, numKeys, keysAndArgs);
    }

    /** Spring's script result types: BOOLEAN, INTEGER (Long), MULTI (List), STATUS (String), VALUE (byte[]). */
    @SuppressWarnings("unchecked")
    static <T> Function<Reply, T> as(ReturnType returnType) {
        return reply -> (T) convert(returnType == null ? ReturnType.STATUS : returnType, reply);
    }

    private static Object convert(ReturnType returnType, Reply reply) {
        switch (returnType) {
            case BOOLEAN:
                return Replies.isNull(reply) ? Boolean.FALSE : Replies.toBoolean(reply);
            case INTEGER:
                return Replies.toLong(reply);
            case MULTI:
                return Replies.toObject(reply);
            case STATUS:
                return Replies.toText(reply);
            default:
                return Replies.toBytes(reply);
        }
    }
}
