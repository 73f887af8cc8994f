package io.fastpath.spring.projects.integration;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.spring.FastpathConnectionFactory;
import io.fastpath.spring.projects.Await;
import io.fastpath.spring.projects.Deployment;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.core.task.SimpleAsyncTaskExecutor;
import org.springframework.data.redis.serializer.RedisSerializer;
import org.springframework.integration.channel.QueueChannel;
import org.springframework.integration.redis.inbound.RedisQueueMessageDrivenEndpoint;
import org.springframework.messaging.Message;

/** Spring Integration's RedisQueueMessageDrivenEndpoint: a listener thread in BRPOP hands each pushed element to a channel. */
abstract class QueueEndpointContract {
    private FastpathConnectionFactory factory;
    private RedisQueueMessageDrivenEndpoint endpoint;
    private final QueueChannel received = new QueueChannel();
    private final String queue = "queue-" + UUID.randomUUID();

    abstract Deployment deployment();

    @BeforeEach
    void startTheEndpoint() {
        factory = deployment().newFactory();
        endpoint = new RedisQueueMessageDrivenEndpoint(queue, factory);
        endpoint.setSerializer(RedisSerializer.string());
        endpoint.setOutputChannel(received);
        endpoint.setTaskExecutor(new SimpleAsyncTaskExecutor("brpop-"));
        endpoint.setReceiveTimeout(1_000);
        endpoint.setBeanFactory(new DefaultListableBeanFactory()); // Spring Integration's defaults, outside a context
        endpoint.afterPropertiesSet();
        endpoint.start();
    }

    @AfterEach
    void stop() {
        endpoint.stop();
        factory.destroy();
    }

    @Test
    void elementsPushedToTheListArriveInOrderOnTheOutputChannel() {
        Await.until(Duration.ofSeconds(10), "the endpoint listens", endpoint::isListening);
        pushFromAnotherClient("first", "second", "third");

        assertThat(payload(received.receive(30_000))).isEqualTo("first");
        assertThat(payload(received.receive(30_000))).isEqualTo("second");
        assertThat(payload(received.receive(30_000))).isEqualTo("third");
    }

    @Test
    void anElementPushedWhileTheEndpointIsBlockedInBrpopArrives() throws InterruptedException {
        Await.until(Duration.ofSeconds(10), "the endpoint listens", endpoint::isListening);
        Thread.sleep(200); // the listener thread is inside its BRPOP by now, most runs; either way the element must arrive
        pushFromAnotherClient("late");

        assertThat(payload(received.receive(30_000))).isEqualTo("late");
        assertThat(endpoint.getQueueSize()).isZero();
    }

    /** LPUSH on the node that owns the list, from the testkit's own connection: a producer in another process. */
    private void pushFromAnotherClient(String... elements) {
        for (String element : elements) {
            deployment().ownerOf(queue).call("LPUSH", queue, element);
        }
    }

    private static Object payload(Message<?> message) {
        assertThat(message).as("a message within the bound").isNotNull();
        return message.getPayload();
    }
}
