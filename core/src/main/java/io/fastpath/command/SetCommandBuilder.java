package io.fastpath.command;

import io.fastpath.RedisCodec;
import io.fastpath.internal.command.ArgumentList;
import io.fastpath.internal.command.CommandArguments;
import io.fastpath.internal.command.Converters;
import java.util.List;
import java.util.Set;

/**
 * Builds the set commands; arguments are validated and encoded on the caller's thread.
 *
 * <p>Commands answering distinct members return a {@link Set}: in the server's order for most value
 * types, but for byte[] values a set that compares arrays by content (sorted by unsigned bytes), since
 * arrays have identity equality. Commands that may repeat members (SRANDMEMBER with a negative count)
 * return a {@link List}.
 */
public interface SetCommandBuilder<K, V> {

    RedisCodec<K, V> codec();

    /** SADD; the number of members added (not counting those already present). */
    @SuppressWarnings("unchecked")
    default Command<Long> sadd(K key, V... members) {
        return sadd(key, CommandArguments.list(members));
    }

    default Command<Long> sadd(K key, List<V> members) {
        return members("SADD", key, members).write(Converters.LONG);
    }

    /** SREM; the number of members that were present and removed. */
    @SuppressWarnings("unchecked")
    default Command<Long> srem(K key, V... members) {
        return srem(key, CommandArguments.list(members));
    }

    default Command<Long> srem(K key, List<V> members) {
        return members("SREM", key, members).write(Converters.LONG);
    }

    /** SMEMBERS; empty when the key does not exist. */
    default Command<Set<V>> smembers(K key) {
        return new ArgumentList("SMEMBERS", 2).addKey(codec().encodeKey(key)).read(Converters.valueSet(codec()));
    }

    default Command<Boolean> sismember(K key, V member) {
        return new ArgumentList("SISMEMBER", 3).addKey(codec().encodeKey(key)).add(codec().encodeValue(member))
                .read(Converters.BOOLEAN);
    }

    /** SMISMEMBER; one boolean per member, in order. */
    @SuppressWarnings("unchecked")
    default Command<List<Boolean>> smismember(K key, V... members) {
        return smismember(key, CommandArguments.list(members));
    }

    default Command<List<Boolean>> smismember(K key, List<V> members) {
        return members("SMISMEMBER", key, members).read(Converters.BOOLEAN_LIST);
    }

    /** SCARD; 0 when the key does not exist. */
    default Command<Long> scard(K key) {
        return new ArgumentList("SCARD", 2).addKey(codec().encodeKey(key)).read(Converters.LONG);
    }

    /** SPOP; a random member removed from the set, null when the key does not exist. */
    default Command<V> spop(K key) {
        return new ArgumentList("SPOP", 2).addKey(codec().encodeKey(key)).write(Converters.value(codec()));
    }

    /** SPOP with a positive count; up to {@code count} distinct members removed, empty when the key does not exist. */
    default Command<Set<V>> spop(K key, long count) {
        return new ArgumentList("SPOP", 3).addKey(codec().encodeKey(key))
                .add(CommandArguments.requirePositive("SPOP", "count", count)).write(Converters.valueSet(codec()));
    }

    /** SRANDMEMBER; a random member (not removed), null when the key does not exist. */
    default Command<V> srandMember(K key) {
        return new ArgumentList("SRANDMEMBER", 2).addKey(codec().encodeKey(key)).read(Converters.value(codec()));
    }

    /**
     * SRANDMEMBER with a count: up to {@code count} distinct members when positive, exactly {@code -count}
     * members, possibly repeated, when negative. Not 0.
     */
    default Command<List<V>> srandMember(K key, long count) {
        return new ArgumentList("SRANDMEMBER", 3).addKey(codec().encodeKey(key))
                .add(CommandArguments.requireNonZero("SRANDMEMBER", "count", count)).read(Converters.valueList(codec()));
    }

    /** SINTER; the members in every set (a missing key is an empty set). */
    @SuppressWarnings("unchecked")
    default Command<Set<V>> sinter(K... keys) {
        return sinter(CommandArguments.list(keys));
    }

    default Command<Set<V>> sinter(List<K> keys) {
        return CommandArguments.withKeys("SINTER", codec(), keys, 0).read(Converters.valueSet(codec()));
    }

    /** SUNION; the members in any of the sets. */
    @SuppressWarnings("unchecked")
    default Command<Set<V>> sunion(K... keys) {
        return sunion(CommandArguments.list(keys));
    }

    default Command<Set<V>> sunion(List<K> keys) {
        return CommandArguments.withKeys("SUNION", codec(), keys, 0).read(Converters.valueSet(codec()));
    }

    /** SDIFF; the members of the first set that are in none of the others. */
    @SuppressWarnings("unchecked")
    default Command<Set<V>> sdiff(K... keys) {
        return sdiff(CommandArguments.list(keys));
    }

    default Command<Set<V>> sdiff(List<K> keys) {
        return CommandArguments.withKeys("SDIFF", codec(), keys, 0).read(Converters.valueSet(codec()));
    }

    /** SINTERSTORE; stores the intersection in {@code destination} (overwriting it) and returns its size. */
    default Command<Long> sinterStore(K destination, List<K> keys) {
        return store("SINTERSTORE", destination, keys);
    }

    /** SUNIONSTORE; stores the union in {@code destination} (overwriting it) and returns its size. */
    default Command<Long> sunionStore(K destination, List<K> keys) {
        return store("SUNIONSTORE", destination, keys);
    }

    /** SDIFFSTORE; stores the difference in {@code destination} (overwriting it) and returns its size. */
    default Command<Long> sdiffStore(K destination, List<K> keys) {
        return store("SDIFFSTORE", destination, keys);
    }

    /** SINTERCARD; the size of the intersection, without building it. */
    default Command<Long> sinterCard(List<K> keys) {
        return sinterCard(keys, 0);
    }

    /** SINTERCARD ... LIMIT: stops counting at {@code limit} (0 means no limit). */
    default Command<Long> sinterCard(List<K> keys, long limit) {
        CommandArguments.requireNotEmpty("SINTERCARD", keys, "key");
        CommandArguments.requireNotNegative("SINTERCARD", "limit", limit);
        ArgumentList arguments = new ArgumentList("SINTERCARD", keys.size() + 4).add(keys.size());
        for (K key : keys) {
            arguments.addKey(codec().encodeKey(key));
        }
        if (limit > 0) {
            arguments.keyword("LIMIT").add(limit);
        }
        return arguments.read(Converters.LONG);
    }

    /** SMOVE; false when the member was not in {@code source} (nothing moved). */
    default Command<Boolean> smove(K source, K destination, V member) {
        return new ArgumentList("SMOVE", 4).addKey(codec().encodeKey(source)).addKey(codec().encodeKey(destination))
                .add(codec().encodeValue(member)).write(Converters.BOOLEAN);
    }

    /** One SSCAN page of members; a member may appear in more than one page. */
    default Command<ScanPage<V>> sscanPage(K key, String cursor, ScanArgs options) {
        ArgumentList arguments = new ArgumentList("SSCAN", 7).addKey(codec().encodeKey(key))
                .add(ScanArgs.requireCursor("SSCAN", cursor));
        CommandArguments.requireNotNull("SSCAN", "the options", options).appendTo(arguments, "SSCAN");
        return arguments.read(Converters.scanPage(Converters.valueList(codec())));
    }

    private ArgumentList members(String command, K key, List<V> members) {
        ArgumentList arguments = new ArgumentList(command, (members == null ? 0 : members.size()) + 2)
                .addKey(codec().encodeKey(key));
        return CommandArguments.addValues(arguments, command, codec(), members);
    }

    private Command<Long> store(String command, K destination, List<K> keys) {
        CommandArguments.requireNotEmpty(command, keys, "source key");
        ArgumentList arguments = new ArgumentList(command, keys.size() + 2).addKey(codec().encodeKey(destination));
        for (K key : keys) {
            arguments.addKey(codec().encodeKey(key));
        }
        return arguments.write(Converters.LONG);
    }
}
