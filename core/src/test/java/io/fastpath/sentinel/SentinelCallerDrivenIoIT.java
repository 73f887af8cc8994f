package io.fastpath.sentinel;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.CommandListener;
import io.fastpath.Eventually;
import io.fastpath.ObservedCommand;
import io.fastpath.ReadPolicy;
import io.fastpath.RedisClient;
import io.fastpath.RedisClientBuilder;
import io.fastpath.SentinelOptions;
import io.fastpath.testkit.Conditions;
import io.fastpath.testkit.RedisServer;
import io.fastpath.testkit.SentinelDeployment;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Caller-driven I/O ({@code callerDrivenIo(true)}, issue 30 item 2) on a Sentinel-watched deployment: a blocking caller
 * drives the loop of the primary's connection, or of a replica's for a read the policy sends there, and its commands
 * keep working through a failover (the old primary's connections hand over to the new one's). Who wrote a command, and
 * to which server, is seen through a {@link CommandListener}, called on the thread that holds the loop.
 */
class SentinelCallerDrivenIoIT {
    private static final Duration WITHIN = Duration.ofSeconds(30);
    private SentinelDeployment deployment;

    /** One write of a command: the thread that wrote it and the port it went to. */
    record Write(String name, Thread thread, int port) {}

    final ConcurrentLinkedQueue<Write> writes = new ConcurrentLinkedQueue<>();
    final CommandListener writers = new CommandListener() {
        @Override
        public void commandWritten(ObservedCommand command) {
            writes.add(new Write(command.name(), Thread.currentThread(), command.serverPort()));
        }
    };

    @BeforeEach
    void start() {
        deployment = SentinelDeployment.builder().start();
    }

    @AfterEach
    void stop() {
        deployment.close();
    }

    private RedisClientBuilder driven() {
        return RedisClient.builder().sentinel(SentinelOptions.of(deployment.primaryName(), deployment.sentinelAddresses()))
                .callerDrivenIo(true).commandListener(writers);
    }

    /** Whether this thread itself wrote a {@code name} command to one of {@code ports}. */
    private boolean wroteItself(String name, Set<Integer> ports) {
        for (Write write : writes) {
            if (write.thread == Thread.currentThread() && write.name.equals(name) && ports.contains(write.port)) {
                return true;
            }
        }
        return false;
    }

    private Set<Integer> announcedPorts(Iterable<RedisServer> servers) {
        Set<Integer> ports = new HashSet<>();
        for (RedisServer server : servers) {
            ports.add(server.port());
            ports.add(deployment.announcedPort(server));
        }
        return ports;
    }

    @Test
    void aBlockingCallerDrivesThePrimarysConnectionAndKeepsWorkingThroughAFailover() {
        try (RedisClient redis = driven().build()) {
            assertThat(redis.toString()).contains("caller-driven I/O");
            RedisServer old = deployment.primary();
            Conditions.await("a GET written by this caller itself to the primary", () -> {
                writes.clear();
                redis.set("driven", "before");
                return "before".equals(redis.get("driven")) && wroteItself("GET", announcedPorts(Set.of(old)));
            }, WITHIN);

            RedisServer promoted = deployment.failover();

            Eventually.awaitValue(() -> {
                try {
                    redis.set("driven", "after");
                    return redis.get("driven");
                } catch (RuntimeException duringFailover) {
                    return duringFailover.toString();
                }
            }, "after", WITHIN);
            Conditions.await("a GET written by this caller itself to the new primary", () -> {
                writes.clear();
                return "after".equals(redis.get("driven")) && wroteItself("GET", announcedPorts(Set.of(promoted)));
            }, WITHIN);
        }
    }

    @Test
    void aReadThePolicySendsToAReplicaIsDrivenByTheCallerOnTheReplicasConnection() {
        try (RedisClient redis = driven().readPolicy(ReadPolicy.REPLICA_PREFERRED).build()) {
            redis.set("replicated", "v");
            Set<Integer> replicas = announcedPorts(deployment.replicas());
            Conditions.await("a GET written by this caller itself to a replica", () -> {
                writes.clear();
                return "v".equals(redis.get("replicated")) && wroteItself("GET", replicas);
            }, WITHIN);
        }
    }
}
