package dev.loomlab.driver;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.load.Protocol;
import dev.loomlab.load.SteadyState;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompilerWatchTest {

    /** A {@code stat} line as the kernel writes it: pid, (name), state, then fields 4 … 13, utime (14), stime (15), … */
    private static String stat(long pid, String name, long utime, long stime) {
        return pid + " (" + name + ") S 1 1 1 0 -1 4194624 100 0 0 0 " + utime + " " + stime + " 0 0 20 0 30 0 12345 0 0\n";
    }

    @Test
    void ticksAreUserPlusSystemCountedAfterANameThatHoldsSpacesAndParentheses() {
        assertThat(CompilerWatch.ticks(stat(42, "C2 CompilerThre", 107, 3))).isEqualTo(110);
        assertThat(CompilerWatch.ticks(stat(42, "a (weird) name", 5, 7))).isEqualTo(12);
    }

    @Test
    void theCpusAProcessMayRunOnAreCountedFromItsAllowedList() {
        assertThat(CompilerWatch.cpus("Name:\tjava\nCpus_allowed:\t2\nCpus_allowed_list:\t1\n")).isEqualTo(1);
        assertThat(CompilerWatch.cpus("Cpus_allowed_list:\t0-3,6,8-9\n")).isEqualTo(7);
    }

    @Test
    void aBusyServerWhoseCompilerTakesAFifthOfItsCoreIsStillCompilingAndOneAtAHundredthIsQuiet(@TempDir Path proc) throws IOException {
        CompilerWatch busy = new CompilerWatch(proc, 7);
        CompilerWatch quiet = new CompilerWatch(proc, 8);
        CompilerWatch idle = new CompilerWatch(proc, 9);
        for (int second = 0; second <= Protocol.TREND_SECONDS; second++) {
            // each second on one core (100 ticks): the server busy all of it, its C2 20 ticks (busy) or 1 (quiet);
            // a third server busy a quarter of its core, half of that its compiler's
            fakeProcess(proc, 7, 100 * second, 20 * second);
            fakeProcess(proc, 8, 100 * second, second);
            fakeProcess(proc, 9, 25 * second, 13 * second);
            assertThat(busy.quiet()).as("cannot tell before %d s", Protocol.TREND_SECONDS).isFalse();
            long nanos = second * 1_000_000_000L;
            busy.sample(nanos);
            quiet.sample(nanos);
            idle.sample(nanos);
        }
        assertThat(busy.shares()).hasValue(new SteadyState.Compiler(0.2, 1.0));
        assertThat(busy.quiet()).isFalse();
        assertThat(quiet.shares()).hasValue(new SteadyState.Compiler(0.01, 1.0));
        assertThat(quiet.quiet()).isTrue();
        // room to spare: its compiler cannot hold its throughput back
        assertThat(idle.shares()).hasValue(new SteadyState.Compiler(0.13, 0.25));
        assertThat(idle.quiet()).isTrue();
    }

    @Test
    void aServerThatIsGoneLeavesNothingToJudge(@TempDir Path proc) {
        CompilerWatch gone = new CompilerWatch(proc, 9);
        for (int second = 0; second <= Protocol.TREND_SECONDS + 1; second++) {
            gone.sample();
        }
        assertThat(gone.shares()).isEmpty();
        assertThat(gone.quiet()).isFalse();
    }

    /**
     * Real JVMs whose answer is known: one run with {@code -Xcomp} compiles every method before its first call, so its
     * start is mostly its compiler's work; one with {@code -Xint} has no compiler thread at all.
     */
    @Test
    void aRealJvmThatCompilesEverythingShowsItsCompilerAndAnInterpretedOneShowsNone() throws Exception {
        CompilerWatch.Reading compiling = readingOf("-Xcomp");
        assertThat((double) compiling.compiler() / compiling.process()).as("%s", compiling).isGreaterThan(0.3);
        CompilerWatch.Reading interpreted = readingOf("-Xint");
        assertThat(interpreted.compiler()).isZero();
        assertThat(interpreted.process()).isPositive();
    }

    private static CompilerWatch.Reading readingOf(String mode) throws Exception {
        try (IdleJvm jvm = IdleJvm.started(mode)) {
            return CompilerWatch.of(jvm.pid()).read().orElseThrow();
        }
    }

    private static void fakeProcess(Path proc, long pid, long processTicks, long c2Ticks) throws IOException {
        Path dir = proc.resolve(Long.toString(pid));
        Files.createDirectories(dir.resolve("task/" + pid));
        Files.createDirectories(dir.resolve("task/" + (pid + 100)));
        Files.createDirectories(dir.resolve("task/" + (pid + 101)));
        Files.writeString(dir.resolve("stat"), stat(pid, "java", processTicks, 0));
        Files.writeString(dir.resolve("status"), "Name:\tjava\nCpus_allowed:\t2\nCpus_allowed_list:\t1\n");
        Files.writeString(dir.resolve("task/" + pid + "/stat"), stat(pid, "java", processTicks - c2Ticks, 0));
        Files.writeString(dir.resolve("task/" + (pid + 100) + "/stat"), stat(pid + 100, "C2 CompilerThre", c2Ticks, 0));
        Files.writeString(dir.resolve("task/" + (pid + 101) + "/stat"), stat(pid + 101, "C1 CompilerThre", 0, 0));
    }
}
