package dev.loomlab.lab.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.testing.LabJvm;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run whose flight recordings would not fit is refused before anything starts: a real lab JVM,
 * its output folder on a 16 MiB file system of its own (a tmpfs in a mount namespace that ends
 * with it), then on a roomy one.
 */
class FreeSpaceTest {
    @TempDir
    Path tmp;

    private LabJvm.Exit runOnASmallFileSystem(Path mountPoint, String... args) throws Exception {
        Files.createDirectories(mountPoint);
        return LabJvm.run(tmp, List.of("unshare", "-m", "--propagation", "private", "sh", "-c",
                "mount -t tmpfs -o size=16m loomlab-free-space-test \"$0\" && exec \"$@\"", mountPoint.toString()), args);
    }

    @Test
    void aRunThatWouldFillItsFileSystemIsRefusedInOneLine() throws Exception {
        Path small = tmp.resolve("small");

        // The quick plan: 2 models x 4 scenarios, each cell a flight recording of several MB.
        LabJvm.Exit exit = runOnASmallFileSystem(small, "run", "--out", small.resolve("results").toString());

        assertThat(exit.status()).as(String.join("\n", exit.stderr())).isEqualTo(2);
        assertThat(exit.stderr()).singleElement().asString()
                .startsWith("loomlab: not enough room for the results in " + small.resolve("results"))
                .containsPattern("its file system has 1[56] MiB free").contains("--out");
        assertThat(ProcessHandle.of(exit.pid())).isEmpty();
    }

    @Test
    void theEstimateGrowsWithTheCellsAndTheirWindow() {
        var quick = dev.loomlab.lab.plan.PlanLoader.load("quick", java.util.Map.of());
        long one = FreeSpace.needed(List.of(quick));
        long twice = FreeSpace.needed(List.of(quick, quick));

        assertThat(twice - FreeSpace.PER_RUN_BYTES).isEqualTo(2 * (one - FreeSpace.PER_RUN_BYTES));
        // Within a factor of the 2.2-5.5 MB a cell's files measured here: refuses no run that would fit.
        long perCell = (one - FreeSpace.PER_RUN_BYTES) / quick.cellCount();
        assertThat(perCell).isBetween(6L << 20, 24L << 20);
    }
}
