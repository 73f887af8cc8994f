package io.fastpath.command;

import io.fastpath.RedisCodec;
import io.fastpath.internal.command.ArgumentList;
import io.fastpath.internal.command.CommandArguments;
import io.fastpath.internal.command.Converters;
import java.util.List;

/** Builds the HyperLogLog commands: approximate distinct counts (standard error 0.81%). */
public interface HyperLogLogCommandBuilder<K, V> {

    RedisCodec<K, V> codec();

    /** PFADD; true when the estimate changed (or the key was created). */
    @SuppressWarnings("unchecked")
    default Command<Boolean> pfadd(K key, V... elements) {
        return pfadd(key, CommandArguments.list(elements));
    }

    default Command<Boolean> pfadd(K key, List<V> elements) {
        ArgumentList arguments = new ArgumentList("PFADD", elements == null ? 2 : elements.size() + 2)
                .addKey(codec().encodeKey(key));
        return CommandArguments.addValues(arguments, "PFADD", codec(), elements).write(Converters.BOOLEAN);
    }

    /** PFCOUNT; the estimated number of distinct elements of the union of the keys, 0 for missing keys. */
    @SuppressWarnings("unchecked")
    default Command<Long> pfcount(K... keys) {
        return pfcount(CommandArguments.list(keys));
    }

    default Command<Long> pfcount(List<K> keys) {
        return CommandArguments.withKeys("PFCOUNT", codec(), keys, 0).read(Converters.LONG);
    }

    /** PFMERGE; stores the union of {@code destination} and the sources in {@code destination}. */
    default Command<Void> pfmerge(K destination, List<K> sources) {
        CommandArguments.requireNotEmpty("PFMERGE", sources, "source key");
        ArgumentList arguments = new ArgumentList("PFMERGE", sources.size() + 2).addKey(codec().encodeKey(destination));
        for (K source : sources) {
            arguments.addKey(codec().encodeKey(source));
        }
        return arguments.write(Converters.OK);
    }
}
