package io.fastpath.testkit;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/**
 * Sends SIGSTOP and SIGCONT, which {@link Process} cannot, through the {@code kill} command.
 *
 * <p>Callers pass only a {@link Process} they started themselves and check it is alive first,
 * so the signal never reaches a process the kit does not own.
 */
final class ProcessSignals {

    private ProcessSignals() {
    }

    static void send(Process process, String signal) {
        if (!process.isAlive()) {
            throw new RedisTestkitException("Process " + process.pid() + " is not running; not sending SIG" + signal);
        }
        try {
            Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(process.pid()))
                    .redirectErrorStream(true)
                    .start();
            String output = new String(kill.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!kill.waitFor(10, TimeUnit.SECONDS)) {
                kill.destroyForcibly();
                throw new RedisTestkitException("kill -" + signal + " " + process.pid() + " did not finish");
            }
            if (kill.exitValue() != 0) {
                throw new RedisTestkitException("kill -" + signal + " " + process.pid() + " failed: " + output.trim());
            }
        } catch (IOException exception) {
            throw new RedisTestkitException("Cannot run kill -" + signal, exception);
        } catch (InterruptedException exception) {
            Thread.currentThread().interrupt();
            throw new RedisTestkitException("Interrupted while sending SIG" + signal, exception);
        }
    }
}
