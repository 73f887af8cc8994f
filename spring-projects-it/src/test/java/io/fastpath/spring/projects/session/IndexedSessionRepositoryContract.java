package io.fastpath.spring.projects.session;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.spring.FastpathConnectionFactory;
import io.fastpath.spring.projects.Deployment;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.core.RedisTemplate;
import org.springframework.data.redis.listener.ChannelTopic;
import org.springframework.data.redis.listener.PatternTopic;
import org.springframework.data.redis.listener.RedisMessageListenerContainer;
import org.springframework.data.redis.serializer.RedisSerializer;
import org.springframework.session.FindByIndexNameSessionRepository;
import org.springframework.session.data.redis.RedisIndexedSessionRepository;
import org.springframework.session.data.redis.RedisIndexedSessionRepository.RedisSession;
import org.springframework.session.data.redis.config.ConfigureNotifyKeyspaceEventsAction;
import org.springframework.session.events.AbstractSessionEvent;
import org.springframework.session.events.SessionCreatedEvent;

/**
 * Spring Session's indexed repository (sessions, their attributes, the principal index, the created channel) wired as {@code @EnableRedisIndexedHttpSession} wires it: the repository on a
 * {@code RedisTemplate}, keyspace notifications turned on by Spring Session's own action, and a listener container
 * delivering the {@code del}/{@code expired} keyevents and the session-created channel back to the repository.
 */
abstract class IndexedSessionRepositoryContract {
    private static final Duration EVENT_BOUND = Duration.ofSeconds(30);
    static final int SESSIONS = 9;

    private FastpathConnectionFactory factory;
    private RedisMessageListenerContainer container;
    RedisIndexedSessionRepository sessions;
    /** Filled by the listener container's threads, read by the test thread. */
    private final BlockingQueue<Object> events = new LinkedBlockingQueue<>();
    private final List<Object> seen = new ArrayList<>();

    abstract Deployment deployment();

    @BeforeEach
    void wireTheRepository() {
        factory = deployment().newFactory();
        try (RedisConnection connection = factory.getConnection()) {
            new ConfigureNotifyKeyspaceEventsAction().configure(connection);
        }
        RedisTemplate<String, Object> operations = new RedisTemplate<>();
        operations.setConnectionFactory(factory);
        operations.setKeySerializer(RedisSerializer.string());
        operations.setHashKeySerializer(RedisSerializer.string());
        operations.afterPropertiesSet();
        sessions = new RedisIndexedSessionRepository(operations);
        sessions.setRedisKeyNamespace("it:" + UUID.randomUUID());
        sessions.setApplicationEventPublisher(events::add);
        sessions.afterPropertiesSet();
        container = new RedisMessageListenerContainer();
        container.setConnectionFactory(factory);
        container.addMessageListener(sessions, List.of(new ChannelTopic(sessions.getSessionDeletedChannel()),
                new ChannelTopic(sessions.getSessionExpiredChannel())));
        container.addMessageListener(sessions, new PatternTopic(sessions.getSessionCreatedChannelPrefix() + "*"));
        container.setMaxSubscriptionRegistrationWaitingTime(EVENT_BOUND.toMillis()); // 2 s by default; this machine is shared
        container.afterPropertiesSet();
        container.start();
    }

    @AfterEach
    void stop() throws Exception {
        container.destroy();
        sessions.destroy();
        factory.destroy();
    }

    @Test
    void aSavedSessionIsFoundWithItsAttributesItsCreationIsPublishedAndItIsDeletedById() throws Exception {
        RedisSession session = sessions.createSession();
        session.setAttribute("cart", "3 items");
        sessions.save(session);
        assertThat(awaitEvent(SessionCreatedEvent.class, session.getId())).isNotNull();

        RedisSession found = sessions.findById(session.getId());
        assertThat(found).isNotNull();
        assertThat((String) found.getAttribute("cart")).isEqualTo("3 items");

        sessions.deleteById(session.getId());
        assertThat(sessions.findById(session.getId())).isNull();
    }

    @Test
    void sessionsAreFoundByTheirPrincipalNameUntilDeleted() {
        String principal = "ada-" + UUID.randomUUID();
        RedisSession first = sessionOf(principal);
        RedisSession second = sessionOf(principal);
        sessionOf("grace-" + UUID.randomUUID());

        assertThat(sessions.findByIndexNameAndIndexValue(
                FindByIndexNameSessionRepository.PRINCIPAL_NAME_INDEX_NAME, principal))
                .containsOnlyKeys(first.getId(), second.getId());

        sessions.deleteById(first.getId());
        assertThat(sessions.findByIndexNameAndIndexValue(
                FindByIndexNameSessionRepository.PRINCIPAL_NAME_INDEX_NAME, principal))
                .containsOnlyKeys(second.getId());
    }

    private RedisSession sessionOf(String principal) {
        RedisSession session = sessions.createSession();
        session.setAttribute(FindByIndexNameSessionRepository.PRINCIPAL_NAME_INDEX_NAME, principal);
        sessions.save(session);
        return session;
    }

    /** The event of a type for a session; events seen meanwhile are kept for later awaits (test thread only). */
    <E extends AbstractSessionEvent> E awaitEvent(Class<E> type, String sessionId) throws InterruptedException {
        long deadline = System.nanoTime() + EVENT_BOUND.toNanos();
        while (true) {
            for (Object event : seen) {
                if (type.isInstance(event) && ((AbstractSessionEvent) event).getSessionId().equals(sessionId)) {
                    seen.remove(event);
                    return type.cast(event);
                }
            }
            long left = deadline - System.nanoTime();
            Object event = events.poll(Math.max(left, 0), TimeUnit.NANOSECONDS);
            if (event == null) {
                throw new AssertionError("no " + type.getSimpleName() + " for session " + sessionId + " within " + EVENT_BOUND);
            }
            seen.add(event);
        }
    }
}
