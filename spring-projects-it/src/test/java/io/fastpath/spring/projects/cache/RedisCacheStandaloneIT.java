package io.fastpath.spring.projects.cache;

import io.fastpath.spring.projects.Deployment;
import io.fastpath.testkit.RedisServerExtension;
import org.junit.jupiter.api.extension.RegisterExtension;

class RedisCacheStandaloneIT extends RedisCacheContract {
    @RegisterExtension
    static final RedisServerExtension SERVER = RedisServerExtension.standalone();

    @Override
    Deployment deployment() {
        return Deployment.standalone(SERVER.server());
    }
}
