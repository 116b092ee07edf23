package dev.loomlab.lab.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.loomlab.database.DatabaseEndpoint;
import dev.loomlab.lab.catalog.Model;
import dev.loomlab.lab.jdk.Jdk;
import dev.loomlab.scenario.Dialect;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server jar's start-up cache on the real JDK and the real mvc jar: recorded by one training
 * start, reused by every later launch, taken by the JDK; none at all where the JDK or the jar cannot have one.
 */
class StartupCacheTest {
    /** Nothing listens here: a training builds the application context and exits without a database call. */
    private static final DatabaseEndpoint NO_DATABASE = new DatabaseEndpoint(Dialect.POSTGRES, "jdbc:postgresql://127.0.0.1:1/none",
            "r2dbc:postgresql://127.0.0.1:1/none", "none", "none");

    @TempDir
    Path caches;

    private static ServerSpec spec(Jdk jdk, Path log) {
        return new ServerSpec(Model.byId("mvc-virtual"), jdk, "256m", 10, NO_DATABASE,
                CpuLayout.forCores(Runtime.getRuntime().availableProcessors(), Taskset.available()), 0, log, null,
                Duration.ofSeconds(60), List.of(), null, List.of());
    }

    private ServerLaunch launch(Jdk jdk) {
        return ServerLaunch.of(spec(jdk, caches.resolve("server.log")), LabHome::serverJar,
                (jar, on, recording) -> StartupCache.of(jar, on, recording, caches));
    }

    @Test
    void aJdkBefore25OrABoot27JarHasNoCacheAndStartsFromItsFatJar() throws Exception {
        Jdk jdk21 = new Jdk(Path.of("/jdk21"), "21.0.8", "test");
        Model mvc = Model.byId("mvc-virtual");

        assertThat(StartupCache.of(LabHome.serverJar(mvc), jdk21, true, caches)).isEmpty();
        assertThat(StartupCache.of(LabHome.serverJar(Model.byId("legacy")), Jdk.current(), true, caches)).isEmpty();
        ServerLaunch onJdk21 = ServerLaunch.of(spec(jdk21, caches.resolve("server.log")), LabHome::serverJar,
                (jar, on, recording) -> StartupCache.of(jar, on, recording, caches));
        assertThat(onJdk21.training()).isEmpty();
        assertThat(onJdk21.command()).containsSubsequence("-jar", LabHome.serverJar(mvc).toString())
                .noneMatch(a -> a.startsWith("-XX:AOTCache"));
        try (Stream<Path> files = Files.list(caches)) {
            assertThat(files).isEmpty();
        }
    }

    @Test
    void theCacheIsRecordedOnceThenReusedAndTheJdkTakesIt() throws Exception {
        Jdk jdk = Jdk.current();
        assumeThat(jdk.feature()).as("an AOT cache needs JDK " + StartupCache.AOT_FEATURE + "+").isGreaterThanOrEqualTo(StartupCache.AOT_FEATURE);

        ServerLaunch first = launch(jdk);
        assertThat(first.training()).isPresent();
        StartupCache cache = first.training().get().cache();
        assertThat(first.command()).containsSubsequence("-jar", cache.extractedJar().toString())
                .noneMatch(a -> a.startsWith("-XX:AOTCache"));
        cache.train(first.training().get().command(), first.environment());
        assertThat(cache.aotCache()).isNotEmptyFile();
        FileTime recorded = Files.getLastModifiedTime(cache.aotCache());

        ServerLaunch second = launch(jdk);
        ServerLaunch third = launch(jdk);

        assertThat(second.training()).isEmpty();
        assertThat(third.command()).isEqualTo(second.command()).contains("-XX:AOTCache=" + cache.aotCache());
        assertThat(Files.getLastModifiedTime(cache.aotCache())).isEqualTo(recorded);
        // With AOTMode=on the JVM refuses to start rather than ignore a cache it cannot use.
        List<String> strict = new ArrayList<>(second.command());
        strict.add(1, "-XX:AOTMode=on");
        strict.add(2, "-Dspring.context.exit=onRefresh");
        Path log = caches.resolve("strict.log");
        assertThat(runToExit(strict, second.environment(), log).exitValue()).as(Files.readString(log)).isZero();
    }

    @Test
    void theCacheHoldsClassesButNoMethodProfilesThatWouldSteerTheJit() throws Exception {
        Jdk jdk = Jdk.current();
        assumeThat(jdk.feature()).as("an AOT cache needs JDK " + StartupCache.AOT_FEATURE + "+").isGreaterThanOrEqualTo(StartupCache.AOT_FEATURE);
        ServerLaunch first = launch(jdk);
        StartupCache cache = first.training().orElseThrow().cache();
        cache.train(first.training().get().command(), first.environment());

        // The JDK prints what training data the cache carries: a profiled cache lists tens of
        // thousands of methods and classes under the dictionary's heading, this one none.
        List<String> printed = new ArrayList<>(launch(jdk).command());
        printed.addAll(1, List.of("-XX:AOTMode=on", "-XX:+UnlockDiagnosticVMOptions", "-XX:+AOTPrintTrainingInfo",
                "-Dspring.context.exit=onRefresh"));
        Path log = caches.resolve("training-info.log");
        runToExit(printed, first.environment(), log);

        List<String> lines = Files.readAllLines(log);
        assertThat(lines).as("the JDK read the cache and printed its training data").contains("Archived TrainingData Dictionary");
        assertThat(lines).as("method or class training records").noneMatch(l -> l.matches("^  (C |\\d+: 0x).*"));
    }

    /** Starts the JVM {@code command} with its output in {@code log}, and asserts it exits within two minutes. */
    private static Process runToExit(List<String> command, Map<String, String> environment, Path log) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().putAll(environment);
        Process jvm = Children.track(builder.start());
        boolean exited = jvm.waitFor(120, TimeUnit.SECONDS);
        Children.stop(jvm, Duration.ofSeconds(5));
        assertThat(exited).isTrue();
        return jvm;
    }
}
