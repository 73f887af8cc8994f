package io.fastpath.spring.boot;

import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

/** Matches unless {@code spring.data.redis.client-type} names Lettuce or Jedis: the application asked for that client. */
final class NoClientTypeChosenCondition extends SpringBootCondition {

    @Override
    public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
        String clientType = context.getEnvironment().getProperty("spring.data.redis.client-type");
        if (clientType == null || clientType.isBlank()) {
            return ConditionOutcome.match("spring.data.redis.client-type is not set");
        }
        return ConditionOutcome.noMatch("spring.data.redis.client-type is " + clientType);
    }
}
