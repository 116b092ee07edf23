package dev.loomlab.lab.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.loomlab.lab.catalog.LabHome;
import dev.loomlab.lab.jdk.Jdk;
import dev.loomlab.lab.os.CpuLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The load driver's start-up cache: recorded once by a real short load, then taken by the driver's JVM. */
class DriverStartupCacheTest {
    private static final CpuLayout CPUS = CpuLayout.forCores(2, true);

    @Test
    void theDriverRecordsItsCacheOnceAndItsJvmStartsFromIt(@TempDir Path root) throws Exception {
        Jdk jdk = Jdk.current();
        assumeThat(jdk.feature()).as("the AOT cache is made in one step from JDK 25").isGreaterThanOrEqualTo(25);
        List<String> jvm = new HyperfoilEngine(jdk, CPUS).jvm();

        List<String> first = DriverStartupCache.launch(jdk, CPUS, jvm, root);
        Path aot = Path.of(first.getFirst().substring("-XX:AOTCache=".length()));
        FileTime recorded = Files.getLastModifiedTime(aot);
        List<String> second = DriverStartupCache.launch(jdk, CPUS, jvm, root);

        assertThat(first).containsExactly("-XX:AOTCache=" + aot, "-jar", LabHome.driverJar().toString());
        assertThat(aot).startsWith(root).isRegularFile();
        assertThat(second).isEqualTo(first);
        assertThat(Files.getLastModifiedTime(aot)).as("recorded once").isEqualTo(recorded);
        // the training was a real load: its driver wrote a result with answered requests
        assertThat(Files.readString(aot.resolveSibling("training").resolve("training.driver.json"))).contains("\"ok\"");

        // AOTMode=on: a JVM that cannot map the cache refuses to start instead of silently starting without it
        List<String> strict = new ArrayList<>(jvm);
        strict.add("-XX:AOTMode=on");
        strict.addAll(first);
        strict.add("--version");
        Process driver = new ProcessBuilder(strict).redirectErrorStream(true).start();
        String output = new String(driver.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(driver.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(driver.exitValue()).as(output).isZero();
    }

    @Test
    void aJdkBefore25StartsTheDriverAsItIs(@TempDir Path root) {
        Jdk jdk21 = new Jdk(Path.of("/opt/jdk-21"), "21.0.8", "Test");

        assertThat(DriverStartupCache.launch(jdk21, CPUS, List.of("java"), root)).containsExactly("-jar", LabHome.driverJar().toString());
        assertThat(root).isEmptyDirectory();
    }
}
