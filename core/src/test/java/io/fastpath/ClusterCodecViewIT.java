package io.fastpath;

import io.fastpath.testkit.RedisClusterExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@link CodecViewContract} on a 3-primary cluster: single-key commands of different regions go to different
 * primaries, MGET across them is split and reassembled, SCAN and DBSIZE cover every primary, shard channels follow
 * their slot. (In this package, beside the contract, rather than in {@code cluster/}.)
 */
class ClusterCodecViewIT extends CodecViewContract {
    @RegisterExtension
    static RedisClusterExtension cluster = RedisClusterExtension.of(3, 0);

    RedisClient redis;

    @BeforeAll
    void connect() {
        redis = RedisClient.create(cluster.cluster().primaries().get(0).uri());
    }

    @AfterAll
    void close() {
        if (redis != null) { // null when connect() failed: its failure is the one to report
            redis.close();
        }
    }

    @Override
    RedisClient client() {
        return redis;
    }
}
