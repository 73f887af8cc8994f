package io.fastpath.spring.projects.session;

import io.fastpath.spring.projects.Deployment;
import io.fastpath.testkit.RedisServerExtension;
import org.junit.jupiter.api.extension.RegisterExtension;

class IndexedSessionRepositoryStandaloneIT extends IndexedSessionEventsContract {
    @RegisterExtension
    static final RedisServerExtension SERVER = RedisServerExtension.standalone();

    @Override
    Deployment deployment() {
        return Deployment.standalone(SERVER.server());
    }
}
