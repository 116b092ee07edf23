package dev.loomlab.lab.os.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A frozen process takes no CPU at all, runs again once thawed, and stops at once when the lab stops it. */
class FreezerTest {
    private Process spinner;

    @AfterEach
    void stopTheSpinner() {
        if (spinner != null) {
            Children.stop(spinner, Duration.ofSeconds(1));
        }
    }

    @Test
    void aFrozenProcessUsesNoCpuUntilItIsThawed() throws Exception {
        spinner = Children.start(new ProcessBuilder("sh", "-c", "while :; do :; done"));
        Thread.sleep(200);

        assertThat(Freezer.freeze(spinner.pid())).isTrue();
        assertThat(state(spinner.pid())).isEqualTo("T");
        Duration frozenAt = cpu(spinner);
        Thread.sleep(500);
        // The kernel charges a stopped process nothing: not a tick in half a second.
        assertThat(cpu(spinner)).isEqualTo(frozenAt);

        Freezer.thaw(spinner.pid());
        Thread.sleep(500);
        // A spinning loop on a busy 2-core machine gets well over one 10 ms tick in half a second.
        assertThat(cpu(spinner)).isGreaterThan(frozenAt);
    }

    @Test
    void stoppingAFrozenProcessThawsItSoItEndsOnItsSigtermWithoutWaitingForTheGrace() throws Exception {
        spinner = Children.start(new ProcessBuilder("sh", "-c", "while :; do :; done"));
        Freezer.freeze(spinner.pid());

        long start = System.nanoTime();
        Children.stop(spinner, Duration.ofSeconds(30));

        assertThat(spinner.isAlive()).isFalse();
        // frozen, the SIGTERM would wait for the 30 s grace and its SIGKILL
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
        assertThat(spinner.exitValue()).as("ended by SIGTERM (128 + 15), not SIGKILL").isEqualTo(143);
    }

    @Test
    void aProcessTheLabDidNotFreezeIsNotSignalledByThaw() throws Exception {
        spinner = Children.start(new ProcessBuilder("sh", "-c", "kill -STOP $$; while :; do :; done"));
        Thread.sleep(300);
        assertThat(state(spinner.pid())).isEqualTo("T");

        Freezer.thaw(spinner.pid());
        Thread.sleep(200);

        assertThat(state(spinner.pid())).as("stopped by itself, left stopped").isEqualTo("T");
    }

    private static Duration cpu(Process p) {
        return p.toHandle().info().totalCpuDuration().orElseThrow();
    }

    /** The state letter of /proc/PID/stat: R running, S sleeping, T stopped. */
    private static String state(long pid) throws Exception {
        String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
        return stat.substring(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    }
}
