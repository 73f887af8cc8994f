package io.fastpath.soak;

import io.fastpath.testkit.SentinelDeployment;
import io.fastpath.testkit.RedisServer;
import java.time.Duration;
import java.util.List;

/**
 * A Sentinel deployment's faults, on the primary of the moment: kill -9 (then wait for the Sentinels to promote a
 * replica and bring the killed node back as a replica), SIGSTOP for {@link #PAUSE} then SIGCONT (shorter than
 * down-after: a stall, no failover), a graceful {@code SENTINEL FAILOVER}, and {@code CLIENT KILL TYPE normal}.
 */
final class SentinelChaos extends ChaosLoop {
  static final Duration DOWN_AFTER = Duration.ofMillis(2000);
  static final Duration PAUSE = Duration.ofMillis(1200);
  private static final List<String> FAULTS = List.of("kill and restart", "pause", "failover", "kill clients");

  private final SentinelDeployment deployment;
  private RedisServer victim;

  SentinelChaos(SentinelDeployment deployment, SoakWorkload workload, Duration quiet) {
    super(workload, quiet);
    this.deployment = deployment;
  }

  @Override
  List<String> faults() {
    return FAULTS;
  }

  @Override
  String target(int fault) {
    victim = deployment.primary();
    return ":" + victim.port();
  }

  @Override
  void inject(int fault) throws InterruptedException {
    switch (fault) {
      case 0 -> losingWrites(() -> {
        victim.kill9();
        deployment.awaitNewPrimary(victim);
        deployment.restartAsReplica(victim);
      });
      case 1 -> {
        victim.pause();
        Thread.sleep(PAUSE.toMillis());
        victim.resume();
      }
      case 2 -> {
        deployment.failover();
        deployment.awaitStable();
      }
      default -> victim.call("CLIENT", "KILL", "TYPE", "normal"); // not the admin connection (SKIPME)
    }
  }
}
