package io.fastpath.spring.projects.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.session.data.redis.RedisIndexedSessionRepository.RedisSession;
import org.springframework.session.events.SessionDeletedEvent;
import org.springframework.session.events.SessionExpiredEvent;

/**
 * The indexed repository's deletion and expiry events: each comes from a keyspace notification ({@code del},
 * {@code expired}) of the server that holds the session's expiry key, received through the listener container.
 */
abstract class IndexedSessionEventsContract extends IndexedSessionRepositoryContract {

    @Test
    void sessionsPastTheirMaxInactiveIntervalArePublishedAsExpiredThroughKeyspaceNotifications() throws Exception {
        // Several sessions: on a cluster their keys spread over every primary, and each primary notifies its own keys
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < SESSIONS; i++) {
            RedisSession session = sessions.createSession();
            session.setMaxInactiveInterval(Duration.ofSeconds(1));
            session.setAttribute("user", "ada");
            sessions.save(session);
            ids.add(session.getId());
        }

        for (String id : ids) {
            assertThat(awaitEvent(SessionExpiredEvent.class, id)).isNotNull();
            assertThat(sessions.findById(id)).isNull();
        }
    }

    @Test
    void theDeletionOfEverySessionIsPublished() throws Exception {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < SESSIONS; i++) {
            RedisSession session = sessions.createSession();
            sessions.save(session);
            ids.add(session.getId());
        }

        ids.forEach(sessions::deleteById);
        for (String id : ids) {
            assertThat(awaitEvent(SessionDeletedEvent.class, id)).isNotNull();
        }
    }
}
