package io.fastpath.spring.projects.integration;

import io.fastpath.spring.projects.Deployment;
import io.fastpath.testkit.RedisClusterExtension;
import org.junit.jupiter.api.extension.RegisterExtension;

class RedisLockRegistryClusterIT extends RedisLockRegistryContract {
    @RegisterExtension
    static final RedisClusterExtension CLUSTER = RedisClusterExtension.of(3, 0);

    @Override
    Deployment deployment() {
        return Deployment.cluster(CLUSTER.cluster());
    }
}
