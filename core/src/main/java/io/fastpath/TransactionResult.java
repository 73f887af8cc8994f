package io.fastpath;

/**
 * How a transaction ended. An aborted WATCH transaction (a watched key changed before EXEC) is a result,
 * not an exception: under optimistic locking it is an expected outcome, and the caller decides whether to
 * try again ({@link RedisClient#watch(java.util.List, int, java.util.function.Function)} retries).
 *
 * @param committed true when EXEC ran the block (also for an empty block); false when a watched key changed
 * @param commands the number of commands in the block that was sent last
 * @param attempts how many times the block was tried (1 unless retried after aborts)
 * @param value what the callback returned (e.g. a {@link Queued} handle), from its last attempt; null for {@link Transaction#exec}
 */
public record TransactionResult<R>(boolean committed, int commands, int attempts, R value) {}
