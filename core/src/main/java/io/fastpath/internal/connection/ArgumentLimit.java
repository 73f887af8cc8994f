package io.fastpath.internal.connection;

import io.fastpath.RedisArgumentException;
import io.fastpath.RedisClientBuilder;
import io.fastpath.internal.command.CommandSpec;

/** The check and refusal of a command carrying an argument over {@code maxArgumentBytes}, naming the limit and the option. */
final class ArgumentLimit {
    private ArgumentLimit() {}

    /** True when the command, or a command of its MULTI block ({@code block}, or null), has an argument over {@code limit}. */
    static boolean exceeded(CommandSpec<?> spec, TransactionGroup block, long limit) {
        byte limitBits = CommandSpec.bits(limit);
        return spec.argumentBits() >= limitBits && spec.largestArgument() > limit
                || block != null && block.argumentBits() >= limitBits && block.largestArgument() > limit;
    }

    static RedisArgumentException refusal(CommandSpec<?> spec, TransactionGroup block, long limit) {
        String command = spec.name();
        int largest = spec.largestArgument();
        if (block != null && block.largestArgument() > largest) {
            for (CommandSpec<?> queued : block.commands()) {
                if (queued.largestArgument() > limit) {
                    command = queued.name() + " (in a MULTI block)";
                    largest = queued.largestArgument();
                    break;
                }
            }
        }
        return new RedisArgumentException(command + ": an argument of " + largest + " bytes is over the client's limit of "
                + limit + " bytes (maxArgumentBytes" + (limit == RedisClientBuilder.DEFAULT_MAX_ARGUMENT_BYTES
                ? ", by default 512 MB: the server's default proto-max-bulk-len" : "") + "); it was not sent. Split the value, "
                + "or raise RedisClientBuilder.maxArgumentBytes together with the server's proto-max-bulk-len");
    }
}
