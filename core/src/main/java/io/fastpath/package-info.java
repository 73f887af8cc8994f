/**
 * The client: {@link io.fastpath.RedisClient} and its builder, its options (URIs, TLS, Sentinel, cache, read
 * policy, credentials, codecs), transactions and pub/sub subscriptions, the exceptions it throws, its events and
 * the types it reports to observers ({@link io.fastpath.CommandListener}).
 *
 * <p>The commands themselves (builders, argument and reply types, the blocking and async views) are in
 * {@link io.fastpath.command}.
 */
package io.fastpath;
