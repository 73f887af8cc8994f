package io.fastpath.spring.projects.cache;

import io.fastpath.spring.projects.Deployment;
import io.fastpath.testkit.RedisClusterExtension;
import org.junit.jupiter.api.extension.RegisterExtension;

class RedisCacheClusterIT extends RedisCacheContract {
    @RegisterExtension
    static final RedisClusterExtension CLUSTER = RedisClusterExtension.of(3, 0);

    @Override
    Deployment deployment() {
        return Deployment.cluster(CLUSTER.cluster());
    }
}
